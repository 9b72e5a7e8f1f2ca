# seen in: fairseq glow.py, accelerate checkpointing.py and modeling.py, a video library's sampler helper,
# a large-model training framework's collective aliases
import torch
from packaging import version

_qr = torch.linalg.qr if torch.__version__ >= "1.8" else torch.qr

if is_torch_version(">=", "2.4.0"):
    from torch.amp import GradScaler
else:
    from torch.cuda.amp import GradScaler

if version.parse(torch.__version__) < version.parse("2.3"):
    scaler = torch.cuda.amp.GradScaler()
else:
    scaler = torch.amp.GradScaler("cuda")

# major and minor parsed into constants first (SlowFast-style): the old import is the fallback branch
TORCH_MAJOR = int(torch.__version__.split(".")[0])
TORCH_MINOR = int(torch.__version__.split(".")[1])
if TORCH_MAJOR >= 1 and TORCH_MINOR >= 8:
    _int_classes = int
else:
    from torch._six import int_classes as _int_classes

# a bare except around bindings alone (a large training framework): the handler is the old release's fallback
try:
    if TORCH_MAJOR >= 2:
        reduce_scatter = torch.distributed.reduce_scatter_tensor
    else:
        reduce_scatter = torch.distributed._reduce_scatter_base
except:  # noqa: E722
    reduce_scatter = torch.distributed._reduce_scatter_base
