# seen in: DID-MDN's derain_residual.py, whose blocks bind self.upsample = F.upsample_nearest in __init__: one block
# calls it in forward (warns on every call), two never read it. Binding the function warns nothing.
import torch.nn as nn
import torch.nn.functional as F


class Pyramid(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(8, 1, 1)
        self.upsample = F.upsample_nearest  # finding: functional-upsample

    def forward(self, x, size):
        return self.upsample(self.conv(x), size=size)


class DenseDown(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(8, 8, 3, padding=1)
        self.upsample = F.upsample_nearest

    def forward(self, x):
        return self.conv(x)


class Base(nn.Module):
    def __init__(self):
        super().__init__()
        self.resize = F.upsample_bilinear  # finding: functional-upsample


class Child(Base):
    def forward(self, x):
        return self.resize(x, scale_factor=2)
