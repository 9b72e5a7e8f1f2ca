from torch.linalg import qr  # noqa: F401  (a re-export the new build drops)
from torch.nn.functional import Options  # noqa: F401  (walked before its home, dropped too)

__all__ = ["compile", "precompile"]


def compile(model, *, backend="inductor"):
    return model


def precompile(fn):
    return fn
