# expect: removed-and-legacy-calls#typeh--variable-a-tensors-exact-class-is-always-torchtensor
import torch
from torch.autograd import Variable


def repackage_hidden(h):
    if type(h) == Variable:
        return Variable(h.data)
    return tuple(repackage_hidden(v) for v in h)
