# helpers in another module (xDiT's envs): True only under a check of a device stock torch lacks
import importlib.util

import torch


def _is_npu():
    try:
        if hasattr(torch, "npu") and torch.npu.is_available():
            return True
    except ModuleNotFoundError:
        return False


def _has_musa():
    return importlib.util.find_spec("torch_musa") is not None


def _npu_or_cuda():
    return hasattr(torch, "npu") or torch.cuda.is_available()  # true on a CUDA machine


def _is_npu_with(flag):
    return flag and hasattr(torch, "npu")  # takes an argument: not read
