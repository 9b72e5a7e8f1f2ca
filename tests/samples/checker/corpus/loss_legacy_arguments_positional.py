# seen in: speech self-supervision losses built with the legacy flags passed by position, as in the 0.4 days
# (nn.MSELoss(size_average) with the module's own size_average=True): each place of the 2.15 signature is
# size_average or reduce for that loss; None there is unset, and other positional arguments are not flags
import torch
import torch.nn.functional as F
from torch import nn


class AdversarialLoss(nn.Module):
    def __init__(self, size_average=True):
        super().__init__()
        self.loss = nn.MSELoss(size_average)  # finding: loss-size-average-reduce
        self.weighted = nn.BCELoss(torch.ones(2), False)  # finding: loss-size-average-reduce
        self.only_weight = nn.BCELoss(torch.ones(2))
        self.unset = nn.MSELoss(None, None, "sum")
        self.ignored = nn.CrossEntropyLoss(None, None, -100, False)  # finding: loss-size-average-reduce
        self.current = nn.CrossEntropyLoss(None, ignore_index=-100)


def nll(x, y, w):
    return F.nll_loss(x, y, w, False)  # finding: loss-size-average-reduce


def divergence(x, y):
    return F.kl_div(x, y, None, None, "sum") + F.mse_loss(x, y)


def spread(x, y, *rest):
    return F.mse_loss(x, y, *rest)
