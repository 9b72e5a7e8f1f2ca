# expect: still-warns-on-2.15#reductionelementwise_mean
import torch.nn.functional as F


def step(model, data, target):
    return F.nll_loss(model(data), target, reduction="elementwise_mean")
