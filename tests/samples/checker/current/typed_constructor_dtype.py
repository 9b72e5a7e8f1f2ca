import torch

scores = torch.rand(8)
keep = (scores > 0.5).byte()
