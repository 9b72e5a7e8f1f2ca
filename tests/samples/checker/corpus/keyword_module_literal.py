# seen in: a speech representation model's vector quantizer that passes gumbel_softmax the default eps through a
# module constant (EPS = 1e-10, shared with a log): torch warns only for another value, so the call is quiet; a
# constant holding another value, or one a function rebinds, is read as before
import torch.nn.functional as F

EPS = 1e-10
TINY = 1e-20
SCALE = 1e-10


def quantize(logits, temperature):
    return F.gumbel_softmax(logits, tau=temperature, hard=True, eps=EPS, dim=-1)


def quantize_tiny(logits, temperature):
    return F.gumbel_softmax(logits, tau=temperature, eps=TINY)  # finding: gumbel-softmax-eps


def set_scale(value):
    global SCALE
    SCALE = value


def quantize_scaled(logits):
    return F.gumbel_softmax(logits, eps=SCALE)  # finding: gumbel-softmax-eps
