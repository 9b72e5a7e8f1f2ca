__all__ = ["compile", "precompile"]


def compile(model, *, backend="inductor"):
    return model


def precompile(fn):
    return fn
