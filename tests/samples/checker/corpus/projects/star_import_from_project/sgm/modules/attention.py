# seen in: Stability-AI generative-models sgm/modules/attention.py (the module others star-import)
import torch
from torch.utils.checkpoint import checkpoint

try:
    from torch.backends.cuda import sdp_kernel  # finding: sdp-kernel-deprecated
except ImportError:
    from contextlib import nullcontext as sdp_kernel


class BasicBlock(torch.nn.Module):
    def __init__(self, dim, checkpoint=True):
        super().__init__()
        self.proj, self.checkpoint = torch.nn.Linear(dim, dim), checkpoint

    def forward(self, x):
        if self.checkpoint:
            return checkpoint(self.proj, x)  # finding: checkpoint-without-use-reentrant
        with sdp_kernel():
            return self.proj(x)
