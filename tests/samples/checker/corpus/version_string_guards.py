# seen in: fairseq glow.py, accelerate checkpointing.py and modeling.py
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
