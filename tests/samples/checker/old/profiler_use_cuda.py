# expect: platforms-extensions-and-runtime#profiler-use_cuda-removed-with_modules-deprecated
import torch
from torch.profiler import profile

with profile(use_cuda=True) as prof:
    torch.ones(2) + 1
with torch.autograd.profiler.profile(use_cuda=False):
    pass
