# seen in: pytorch3d implicitron third_party/pytorch_prototyping.py (Dropout2d after a Conv2d: 4-D input,
# which runs silently; only 3-D input warns, and the rank is unknown without running the code)
import torch
from torch import nn

block = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.Dropout2d(0.1, False), nn.ReLU())
layers = [nn.Conv2d(8, 8, 1), torch.nn.Dropout2d(p=0.2)]
