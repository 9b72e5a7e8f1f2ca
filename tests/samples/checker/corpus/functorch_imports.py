# Seen in pytorch/tensordict's tests (round 13) and in functorch-era ensembling and meta-learning code: the
# functorch package still ships with torch, but each of its transforms warns when called.
import torch
from functorch import make_functional_with_buffers  # finding: functorch-api-deprecated
from functorch import vmap as batched  # finding: functorch-api-deprecated
from functorch import grad  # unused here: importing is silent
from functorch.dim import dims  # not a deprecated API
from functorch.compile import aot_function  # not a deprecated API

try:
    from torch.func import jacrev
except ImportError:  # the fallback 2.15 never takes
    from functorch import jacrev


def ensemble_step(model, x):
    fmodel, params, buffers = make_functional_with_buffers(model)
    per_sample = batched(torch.sin)(x)
    return fmodel(params, buffers, x), per_sample, jacrev(torch.sin)(x), dims, aot_function
