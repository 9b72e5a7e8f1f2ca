import torch
from torch._dynamo import error_on_graph_break


@error_on_graph_break(False)
def tolerant(x):
    return x + 1


@torch.compile
def strict(x):
    with torch._dynamo.error_on_graph_break(True):
        return tolerant(x) * 2
