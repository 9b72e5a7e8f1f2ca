# seen in: Stability-AI generative-models sgm/modules/video_attention.py and spacetime_attention.py
# (checkpoint is torch.utils.checkpoint.checkpoint, brought in by the star import)
import torch

from ..modules.attention import *
from .diffusionmodules.util import checkpoint as util_checkpoint


class VideoBlock(BasicBlock):
    def forward(self, x, timesteps=None):
        if self.checkpoint:
            return checkpoint(self._forward, x, timesteps)  # finding: checkpoint-without-use-reentrant
        with sdp_kernel():
            return util_checkpoint(self._forward, (x,), self.parameters(), False)

    def _forward(self, x, timesteps=None):
        return torch.relu(self.proj(x))
