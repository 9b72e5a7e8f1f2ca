# a package re-exporting its device helpers (mmengine.device): the helpers are read through this re-export
from .utils import is_cuda_available, is_mlu_available, is_npu_available, is_stub_available, is_xpu_available
