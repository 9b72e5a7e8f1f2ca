import torch
from torch.utils.checkpoint import checkpoint


def forward(block, x):
    return checkpoint(block, x, use_reentrant=False)


options = torch.nn.LinearCrossEntropyOptions(acc_policy="compact")
with torch.profiler.profile(with_modules=False, with_stack=True):
    torch.ones(2).sum()
