# expect: still-warns-on-2.15#an-instance-of-a-new-style-autogradfunction
import torch


class Round(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x.round()

    @staticmethod
    def backward(ctx, grad):
        return grad


def quantize(x):
    return Round().apply(x)
