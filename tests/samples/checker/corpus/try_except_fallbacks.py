# seen in: timm NativeScaler, fairseq pipeline import, accelerate compatibility shims
import torch

try:
    scaler = torch.amp.GradScaler(device="cuda")
except (AttributeError, TypeError):
    scaler = torch.cuda.amp.GradScaler()

try:
    from torch.distributed.pipeline.sync import Pipe
except ImportError:
    Pipe = None

try:
    # seen in: mmcv tests (the deprecated import runs on current torch: still a finding)
    from torch.cuda.amp import autocast  # finding: cuda-amp-autocast
except ImportError:
    pass

try:
    train()
except Exception:
    scaler = torch.cuda.amp.GradScaler()  # finding: cuda-amp-grad-scaler

with autocast():
    loss = train()
