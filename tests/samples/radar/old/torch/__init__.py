"""A tiny stand-in for torch 1.0: enough surface for the radar's diff logic."""
from torch.version import __version__

from torch import compiler, linalg, nn, utils  # noqa: F401

__all__ = ["CopiedWidget", "add", "cholesky", "qr", "scale", "old_name", "Widget", "linalg", "nn", "compiler", "legacy"]


def add(input, other, alpha=1):
    return input + alpha * other


def cholesky(input, upper=False, *, out=None):
    return input


def qr(input, some=True, *, out=None):
    return input, input


def scale(x, factor=1.0):
    return x * factor


def old_name(tensor, dim, keepdim=False):
    return tensor


def legacy(x):
    return x


def _private_helper():
    return None


class Widget:
    def __init__(self, size, *, fast=False):
        self.size = size

    def grow(self, amount):
        return self.size + amount

    def shrink(self):
        return self.size - 1

    def factor(self):
        return self


class CopiedWidget:  # like torch.FloatTensor, holds the very methods of another class; listed first in __all__
    factor = Widget.factor
