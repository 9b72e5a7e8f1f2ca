import torch
from torch.export import Dim, export

model = torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.ReLU())
compiled = torch.compile(model)
ep = export(model, (torch.randn(2, 4),), dynamic_shapes={"input": {0: Dim.AUTO}})
decomposed = ep.run_decompositions()
torch.export.save(ep, "model.pt2")
reloaded = torch.export.load("model.pt2").module()
