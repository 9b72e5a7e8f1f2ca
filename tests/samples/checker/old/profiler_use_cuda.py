# expect: migrations-and-security#profiler-use_cuda-argument-removed
import torch
from torch.profiler import profile

with profile(use_cuda=True) as prof:
    torch.ones(2) + 1
with torch.autograd.profiler.profile(use_cuda=False):
    pass
