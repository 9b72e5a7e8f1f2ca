# seen in: PyTorch-BigGraph's trainer (allocate_shared_tensor(...).storage(), the helper imported from the
# project's own package): the call's result is the project's tensor, not another library's object
import numpy as np
import torch

from graphpkg.util import allocate_shared_tensor
from .util import allocate_shared_tensor as allocate


def freelist(count, dim):
    first = allocate_shared_tensor(
        (count, dim),
        dtype=torch.float,
    ).storage()  # finding: tensor-storage-method
    second = allocate((count, dim), torch.float).storage()  # finding: tensor-storage-method
    third = np.zeros((count, dim)).cross(np.ones(3))  # numpy's: another library's result
    return first, second, third
