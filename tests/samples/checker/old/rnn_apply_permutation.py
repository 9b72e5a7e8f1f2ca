# expect: still-warns-on-2.15#torchnnmodulesrnnapply_permutation
import torch
from torch.nn.modules.rnn import apply_permutation

hx = torch.zeros(2, 3, 4)
order = torch.tensor([2, 0, 1])
reordered = apply_permutation(hx, order)
