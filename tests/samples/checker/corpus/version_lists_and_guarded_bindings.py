# seen in: YOLOX (a module-level torch version list), OpenPCDet (a partial bound behind a version check)
from functools import partial

import torch
import torch.nn.functional as F

_TORCH_VER = [int(x) for x in torch.__version__.split(".")[:2]]


def meshgrid(*tensors):
    if _TORCH_VER >= [1, 10]:
        return torch.meshgrid(*tensors, indexing="ij")
    else:
        return torch.meshgrid(*tensors)


def grid(x, y):
    return torch.meshgrid(x, y)  # finding: meshgrid-without-indexing


class Sampler(torch.nn.Module):
    def __init__(self):
        super().__init__()
        if torch.__version__ >= "1.3":
            self.grid_sample = partial(F.grid_sample, align_corners=True)
        else:
            self.grid_sample = F.grid_sample

    def forward(self, x, grid):
        return self.grid_sample(x, grid)


class OldSampler(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.grid_sample = F.grid_sample

    def forward(self, x, grid):
        return self.grid_sample(x, grid)  # finding: grid-sample-without-align-corners
