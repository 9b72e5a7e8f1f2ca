# seen in: occupancy_networks' DMC utilities (if pts.is_cuda: dtype = torch.cuda.FloatTensor else: dtype =
# torch.FloatTensor, then dtype([x, y, z])): the statement form of `a if c else b`; on CUDA the call warns
import torch


def distances(pts, pts_index, x_, y_, z_):
    if pts.is_cuda:
        dtype = torch.cuda.FloatTensor  # finding: cuda-dtype-tensor-constructor
        dtype_long = torch.cuda.LongTensor  # finding: cuda-dtype-tensor-constructor
    else:
        dtype = torch.FloatTensor
        dtype_long = torch.LongTensor
    index = dtype_long(pts_index)
    return pts.index_select(0, index) - dtype([x_, y_, z_])


def offsets(offset):
    if offset.is_cuda:
        dtype = torch.cuda.FloatTensor  # only a .type() argument here: nothing calls it
    else:
        dtype = torch.FloatTensor
    return torch.ones(1).type(dtype)
