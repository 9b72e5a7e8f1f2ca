# seen in: a routing-problem solver's tensor types module (POMO's TORCH_OBJECTS.py), which names the float type
# twice; a call through the second name is a call of the first binding's constructor, reported there
import torch

use_cuda = torch.cuda.is_available()
FloatTensor = torch.cuda.FloatTensor if use_cuda else torch.FloatTensor  # finding: cuda-dtype-tensor-constructor
LongTensor = torch.cuda.LongTensor if use_cuda else torch.LongTensor
Tensor = FloatTensor
Index = LongTensor


def depot(xy):
    return Tensor(xy)
