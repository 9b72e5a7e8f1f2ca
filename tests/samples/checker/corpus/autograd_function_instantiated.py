# seen in: quantization and spiking-network code of 2018-2020 that builds an instance of its straight-through
# Function before calling apply (classmethod forward included); apply on the class, and a module's apply, are quiet
import torch
from torch.autograd.function import InplaceFunction


class SignSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x.sign()

    @staticmethod
    def backward(ctx, grad):
        return grad


class UniformQuantize(InplaceFunction):
    @classmethod
    def forward(cls, ctx, x, bits=8):
        scale = (2 ** bits - 1) / x.abs().max().clamp(min=1e-8)
        return (x * scale).round() / scale

    @staticmethod
    def backward(ctx, grad):
        return grad, None


spike = SignSTE().apply  # finding: autograd-function-instantiated


def quantize(x, bits=8):
    return UniformQuantize().apply(x, bits)  # finding: autograd-function-instantiated


def quantize_new(x, bits=8):
    return UniformQuantize.apply(x, bits)


def init(net):
    net.apply(lambda m: None)
    return torch.nn.Sequential(torch.nn.Linear(2, 2)).apply(lambda m: None)
