# expect: still-warns-on-2.15#dropout2d-on-3-d-input
import torch
from torch import nn

head = nn.Sequential(nn.Linear(64, 32), nn.Dropout2d(0.5), nn.Linear(32, 10))
out = head(torch.randn(8, 64))
