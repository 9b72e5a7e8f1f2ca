import torch

model = torch.nn.Linear(4, 2).eval()
program = torch.export.export(model, (torch.zeros(1, 4),))
torch.export.save(program, "linear.pt2")
