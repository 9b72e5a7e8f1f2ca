# seen in: a text-classification framework's utils/cuda.py (pytext): CUDA_ENABLED is a module setting that its
# workflow switches on (`cuda.CUDA_ENABLED = use_cuda and torch.cuda.is_available()`), and the helpers build the
# CUDA tensor types through it; a flag both paths of a try set False stays off
import torch

CUDA_ENABLED = False

try:
    from torch.cuda import FloatTensor as _CudaFloatTensor
    HAS_LEGACY_TYPES = False
except ImportError:
    HAS_LEGACY_TYPES = False


def FloatTensor(*args):
    if CUDA_ENABLED:
        return torch.cuda.FloatTensor(*args)  # finding: cuda-dtype-tensor-constructor
    else:
        return torch.FloatTensor(*args)


def legacy_zeros(n):
    if HAS_LEGACY_TYPES:
        return _CudaFloatTensor(n).zero_()
    return torch.zeros(n)
