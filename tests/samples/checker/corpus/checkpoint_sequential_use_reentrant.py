# checkpoint_sequential warns like checkpoint when use_reentrant is left out (checked on torch 2.15.0).
import torch
from torch.utils.checkpoint import checkpoint_sequential

layers = torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.ReLU(), torch.nn.Linear(4, 4))
x = torch.ones(1, 4, requires_grad=True)
old = checkpoint_sequential(layers, 2, x)  # finding: checkpoint-without-use-reentrant
new = checkpoint_sequential(layers, 2, x, use_reentrant=False)
