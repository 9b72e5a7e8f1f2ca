# The module imported whole: `binaryfunction.BinaryQuantize()` builds an instance, which warns on 2.15; its plain
# function is no Function. A factory's own Function class (APoT's quantizer) warns the same at `_pq().apply`.
import torch
import torch.nn.functional as F
from torch import nn

from . import binaryfunction


class BinaryConv2d(nn.Conv2d):
    def forward(self, x):
        k, t = torch.tensor([10.0]), torch.tensor([0.1])
        w = binaryfunction.BinaryQuantize().apply(self.weight, k, t)  # finding: autograd-function-instantiated
        a = binaryfunction.BinaryQuantize.apply(x, k, t)
        return F.conv2d(a, w * binaryfunction.scale(self.weight), self.bias)


def power_quantizer(bits):
    class _pq(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x.mul(2 ** bits).round().div(2 ** bits)

        @staticmethod
        def backward(ctx, grad):
            return grad

    return _pq().apply  # finding: autograd-function-instantiated
