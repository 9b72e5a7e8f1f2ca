# seen in: NVlabs SPADE and NVIDIA pix2pixHD models (self.FloatTensor = torch.cuda.FloatTensor if gpu else
# torch.FloatTensor, then self.FloatTensor(bs, nc, h, w)): a deprecated constructor called through an attribute
# alias warns at each call; reported once, at the binding that names it
import torch


class Model:
    def __init__(self, use_gpu):
        self.FloatTensor = (torch.cuda.FloatTensor if use_gpu  # finding: cuda-dtype-tensor-constructor
                            else torch.FloatTensor)
        self.ByteTensor = torch.cuda.ByteTensor if use_gpu else torch.ByteTensor  # finding: cuda-dtype-tensor-constructor
        self.LongTensor = torch.cuda.LongTensor if use_gpu else torch.LongTensor  # never called: no warning
        self.cast_to = torch.cuda.HalfTensor  # only passed to x.type(): no constructor call

    def edges(self, t, x):
        edge = self.ByteTensor(t.size()).zero_()
        cast = x.type(self.cast_to)
        return edge, cast, self.FloatTensor(2, 3).zero_()


class Other:
    def __init__(self):
        self.FloatTensor = torch.FloatTensor  # a CPU constructor: no warning

    def make(self):
        return self.FloatTensor(3)
