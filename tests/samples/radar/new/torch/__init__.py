"""A tiny stand-in for torch 1.1: removals, renames, signature changes against the 1.0 stand-in."""
import warnings

from torch.version import __version__

from torch import compiler, linalg, nn, utils  # noqa: F401

__all__ = ["CopiedWidget", "add", "scale", "new_name", "Widget", "linalg", "nn", "compiler", "legacy", "Gadget"]


def add(input, other, *, alpha=1):
    return input + alpha * other


# Removed: the names stay, but calling them raises (the way torch 2.14 removed torch.cholesky).
def cholesky(input, upper=False, *, out=None):
    raise RuntimeError("torch.cholesky is removed. Use `torch.linalg.cholesky` instead.")


def qr(input, some=True, *, out=None):
    reduced = "reduced" if some else "complete"
    raise RuntimeError(
        "torch.qr is removed in favor of `torch.linalg.qr`; "
        f"use torch.linalg.qr(A, mode={reduced!r})"
    )


def scale(x, factor=2.0):
    return x * factor


def new_name(tensor, dim, keepdim=False):
    return tensor


def legacy(x):
    warnings.warn("torch.legacy is deprecated, use torch.add instead", FutureWarning, stacklevel=2)
    return x


class Widget:
    def __init__(self, size, *, fast=False, color=None):
        self.size = size

    def grow(self, amount, step):
        return self.size + amount * step

    def factor(self):
        from torch import cholesky  # hands over to a removal stub, as Tensor.cholesky does in torch 2.14

        return cholesky(self)


class Gadget:
    def spin(self, times=1):
        return times


class CopiedWidget:  # like torch.FloatTensor, holds the very methods of another class; listed first in __all__
    factor = Widget.factor
