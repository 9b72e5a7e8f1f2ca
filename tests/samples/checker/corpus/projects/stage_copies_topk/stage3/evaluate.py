# a third folder with no accuracy() of its own calls stage 2's copy with topk=(1, 5): that widens its view
import torch

from stage2.tools import accuracy


def top5(output, label):
    return accuracy(output, label, topk=(1, 5))[1] + torch.zeros(1)
