# seen in: logging libraries that reuse torch's private TensorBoard graph builder for their own add_graph; it
# traces the model with torch.jit.trace, which warns on every call. A project's own graph() and a networkx
# graph are other things.
import networkx as nx
import torch
from torch.utils.tensorboard import _pytorch_graph
from torch.utils.tensorboard._pytorch_graph import graph as torch_graph


def add_graph(writer, model, inputs, strict=True):
    writer.add_graph(torch_graph(model, inputs, False, use_strict_trace=strict))  # finding: tensorboard-graph-jit-trace
    return _pytorch_graph.graph(model, inputs)  # finding: tensorboard-graph-jit-trace


def graph(edges):
    return nx.Graph(edges)


def draw(edges, model):
    g = graph(edges)
    return g, nx.DiGraph(), model.graph if hasattr(model, "graph") else None
