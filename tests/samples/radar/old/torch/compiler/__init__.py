from torch.linalg import qr  # noqa: F401  (a re-export the new build drops)

__all__ = ["compile", "precompile"]


def compile(model, *, backend="inductor"):
    return model


def precompile(fn):
    return fn
