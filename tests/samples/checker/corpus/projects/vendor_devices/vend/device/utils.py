# device helpers as mmengine writes them: a failed plugin import switches the flag off on stock torch
import torch

try:
    import torch_npu  # noqa: F401
    IS_NPU_AVAILABLE = hasattr(torch, 'npu') and torch.npu.is_available()
except Exception:
    IS_NPU_AVAILABLE = False

try:
    import torch_mlu  # noqa: F401
    IS_MLU_AVAILABLE = True
except ImportError:
    IS_MLU_AVAILABLE = False


def is_cuda_available() -> bool:
    return torch.cuda.is_available()


def is_npu_available() -> bool:
    """True when the Ascend plugin is installed."""
    return IS_NPU_AVAILABLE


def is_mlu_available() -> bool:
    return IS_MLU_AVAILABLE


def is_xpu_available() -> bool:
    # stock torch has torch.xpu: this check can pass
    return hasattr(torch, 'xpu') and torch.xpu.is_available()


def is_stub_available() -> bool:
    return False  # no device check in it: not taken as one
