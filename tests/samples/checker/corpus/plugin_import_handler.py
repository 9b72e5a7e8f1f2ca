# seen in: transformers' old activations module, vendored into summarization projects: the handler of a failed
# `import torch_xla` scripts gelu_new. On stock torch the TPU package is absent, so the handler is what runs
import math

import torch


def gelu_new(x):
    return 0.5 * x * (1 + torch.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * torch.pow(x, 3.0))))


def gelu_fast(x):
    return 0.5 * x * (1.0 + torch.tanh(x * 0.7978845608 * (1.0 + 0.044715 * x * x)))


try:
    import torch_xla  # noqa: F401
except ImportError:
    gelu_new = torch.jit.script(gelu_new)  # finding: torchscript-warns

try:
    from apex.normalization import FusedLayerNorm as LayerNorm
except ImportError:
    gelu_fast = torch.jit.script(gelu_fast)
