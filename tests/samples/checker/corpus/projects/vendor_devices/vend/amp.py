# branches behind the device helpers never run on stock torch; the else branch does, and trainer.py builds
# the GradScaler this module chose (a name imported for other modules is used there)
import torch

import vend.envs as envs
from vend.device import is_mlu_available, is_npu_available, is_stub_available, is_xpu_available

if is_npu_available():
    from torch.npu.amp import GradScaler
elif is_mlu_available():
    from torch.mlu.amp import GradScaler
else:
    from torch.cuda.amp import GradScaler  # finding: cuda-amp-grad-scaler

if envs._is_npu():
    from torch.npu import synchronize
if envs._has_musa():
    from torch.npu import empty_cache
if envs._npu_or_cuda():
    from torch.npu import manual_seed  # finding: torch-name-gone
if is_xpu_available():
    from torch.npu import manual_seed_all  # finding: torch-name-gone
if is_stub_available():
    scaler = torch.cuda.amp.GradScaler()  # finding: cuda-amp-grad-scaler
