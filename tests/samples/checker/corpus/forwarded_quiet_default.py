# seen in: an autoregressive image model's sampling helper that forwards its own eps=1e-10 to
# F.gumbel_softmax and whose only caller never passes eps (VAR's models/helpers.py); a wrapper some
# caller hands another eps, by keyword or by position, still warns
import torch
import torch.nn.functional as F


def gumbel_with_rng(logits, tau=1.0, hard=False, eps=1e-10, dim=-1, rng=None):
    if rng is None:
        return F.gumbel_softmax(logits, tau=tau, hard=hard, eps=eps, dim=dim)
    return logits.softmax(dim)


def gumbel_loose(logits, tau=1.0, eps=1e-10):
    return F.gumbel_softmax(logits, tau=tau, eps=eps)  # finding: gumbel-softmax-eps


def gumbel_positional(logits, eps=1e-10):
    return F.gumbel_softmax(logits, eps=eps)  # finding: gumbel-softmax-eps


def sample(logits):
    a = gumbel_with_rng(logits, tau=0.5, hard=False, dim=-1)
    b = gumbel_loose(logits, eps=1e-6)
    c = gumbel_positional(logits, 1e-3)
    return a, b, c
