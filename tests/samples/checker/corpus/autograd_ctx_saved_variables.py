# seen in: PyTorch-Encoding's aggregate/scaled_l2/rectify Functions and mmagic's NAFNet LayerNormFunction (ctx.saved_variables
# in a static backward; the ctx parameter may have any name; an old-style backward's self is a FunctionCtx too, and
# runs when the class is used through .apply); not a Function: quiet
import torch
from torch.autograd import Function
from torch.autograd.function import once_differentiable


class Aggregate(Function):
    @staticmethod
    def forward(ctx, a, x):
        ctx.save_for_backward(a, x)
        return a * x

    @staticmethod
    @once_differentiable
    def backward(ctx, grad):
        a, x = ctx.saved_variables  # finding: ctx-saved-variables
        return grad * x, grad * a


class LayerNorm(torch.autograd.Function):
    @staticmethod
    def backward(context, grad):
        y, var = context.saved_variables  # finding: ctx-saved-variables
        return grad


class NotAFunction:
    @staticmethod
    def backward(ctx, grad):
        return ctx.saved_variables


class OldStyle(Function):
    def backward(self, grad):
        return self.saved_variables  # finding: ctx-saved-variables
