# expect: compiler-and-attention#torch_dynamoerror_on_graph_break-takes-a-bool
import torch
from torch._dynamo import error_on_graph_break


@error_on_graph_break()
def step(x):
    return x + 1


def other(x):
    with torch._dynamo.error_on_graph_break():
        return x * 2
