import torch.nn as nn


class vgg(nn.Module):
    def __init__(self, cfg=None):
        super().__init__()
        self.cfg = cfg or [64, "M", 128]
        self.feature = nn.Sequential(*[nn.Identity() for _ in self.cfg])
