import torch

hx = torch.zeros(2, 3, 4)
order = torch.tensor([2, 0, 1])
reordered = hx.index_select(1, order)
