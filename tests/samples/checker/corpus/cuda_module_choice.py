# seen in: a semantic-parsing repo's batch builders that pick the tensor module per run (pcyin/tranX's
# components/dataset.py): `T = torch.cuda if self.cuda else torch`, then T.LongTensor(...); the cuda branch is
# a use of the deprecated torch.cuda constructors, the other branch's names are torch's own
import torch


class Batch:
    def __init__(self, rows, cuda=False):
        self.cuda = cuda
        T = torch.cuda if self.cuda else torch
        self.ids = T.LongTensor(rows)  # finding: cuda-dtype-tensor-constructor
        self.mask = T.ByteTensor(rows)  # finding: cuda-dtype-tensor-constructor
        self.rows = T.from_numpy(rows)


def to_device(values, use_cuda):
    module = torch if not use_cuda else torch.cuda
    return module.FloatTensor(values)  # finding: cuda-dtype-tensor-constructor


def on_gpu(values):
    T = torch.cuda
    return T.FloatTensor(values)  # finding: cuda-dtype-tensor-constructor


def given(T, values):
    return T.FloatTensor(values)  # a parameter: whatever the caller passes


def rebound(values, half):
    T = torch.cuda if half else torch
    if half:
        T = values
    return T.FloatTensor(values)  # bound twice in the function: which one runs is unknown
