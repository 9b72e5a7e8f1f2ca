# a module with __all__ passes on only the names it lists
from torch.autograd import *

__all__ = ["helper"]


def helper(x):
    return x
