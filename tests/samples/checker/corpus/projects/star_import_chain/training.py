# the module at the end of the chain: its module-level torch imports reach every file that star-imports
# a module which star-imports this one
import torch
import torch.nn.functional as F


def scores(x):
    return F.softmax(x, dim=-1)
