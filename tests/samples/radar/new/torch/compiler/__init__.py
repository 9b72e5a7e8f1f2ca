from torch.compiler import precompile  # noqa: F401

__all__ = ["compile", "precompile"]


def compile(model, *, backend="inductor", mode=None):
    return model
