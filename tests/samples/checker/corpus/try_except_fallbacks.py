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
    train()
except Exception:
    scaler = torch.cuda.amp.GradScaler()  # finding: cuda-amp-grad-scaler
