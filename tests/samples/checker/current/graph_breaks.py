import torch
from torch._dynamo import error_on_graph_break


@error_on_graph_break(False)
def tolerant(x):
    return x + 1


@torch.compile
def strict(x):
    with torch._dynamo.error_on_graph_break(True):
        return tolerant(x) * 2


def precompiled(fn, x):
    with torch.compiler.precompile.capture(fn, artifact_path="fn.py", cache_path="fn.cache") as cap:
        cap(x)
    return torch.compiler.precompile.load("fn.py", "fn.cache")
