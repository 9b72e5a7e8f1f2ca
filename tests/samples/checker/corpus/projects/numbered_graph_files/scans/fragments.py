# seen in: a point-cloud registration package (each scan fragment torch.save()d as a torch_geometric Data object to a
# numbered file, "fragment_{:06d}.pt".format(i), and read back elsewhere by the same template): under weights_only=True
# torch 2.15 refuses it with UnpicklingError (Unsupported global: GLOBAL torch_geometric.data.data.DataEdgeAttr, with
# torch_geometric 2.8.1 imported)
import os.path as osp

import torch
from torch_geometric.data import Data


def write_fragments(clouds, out_dir, transform=None):
    for index, cloud in enumerate(clouds):
        fragment = Data(pos=torch.as_tensor(cloud))
        if transform is not None:
            fragment = transform(fragment)
        out_path = osp.join(out_dir, "fragment_{:06d}.pt".format(index))
        torch.save(fragment, out_path)


def pair_overlap(fragment_dir, first, second):
    source = torch.load(osp.join(fragment_dir, f"fragment_{first:06d}.pt"))  # finding: torch-load-saved-objects
    target = torch.load(osp.join(fragment_dir, f"fragment_{second:06d}.pt"))  # finding: torch-load-saved-objects
    return source, target


# Look-alikes: numbered files of plain tensors, and a template with no stem of its own (any file name).
def write_coordinates(clouds, out_dir):
    for index, cloud in enumerate(clouds):
        torch.save(torch.as_tensor(cloud), osp.join(out_dir, "coords_{:04d}.pt".format(index)))


def read_coordinates(out_dir, index):
    return torch.load(osp.join(out_dir, "coords_{:04d}.pt".format(index)))


def write_named(cloud, out_dir, name):
    torch.save(Data(pos=torch.as_tensor(cloud)), osp.join(out_dir, "{}.pt".format(name)))


def read_named_tensor(out_dir, name):
    return torch.load(osp.join(out_dir, "{}.pt".format(name + "_t")))
