# expect: migrations-and-security#tensorboard-add_graph-traces-with-torchjittrace
import torch
from torch.utils.tensorboard._pytorch_graph import graph

model = torch.nn.Linear(4, 4)
graph_def = graph(model, (torch.randn(1, 4),))
