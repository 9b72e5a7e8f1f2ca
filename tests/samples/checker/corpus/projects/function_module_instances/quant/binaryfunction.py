# seen in: a binary-network quantizer (IR-Net): the autograd Function lives in its own module, and the layers
# import the module whole and build an instance at each call
import torch
from torch.autograd import Function


class BinaryQuantize(Function):
    @staticmethod
    def forward(ctx, x, k, t):
        ctx.save_for_backward(x, k, t)
        return torch.sign(x)

    @staticmethod
    def backward(ctx, grad):
        x, k, t = ctx.saved_tensors
        return k * t * (1 - torch.tanh(x * t) ** 2) * grad, None, None


def scale(x):
    return x.abs().mean()
