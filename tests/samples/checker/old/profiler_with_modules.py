# expect: platforms-extensions-and-runtime#profiler-use_cuda-removed-with_modules-deprecated
import torch

with torch.profiler.profile(with_modules=True, with_stack=False):
    torch.ones(2).sum()
