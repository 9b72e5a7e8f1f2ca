import torch
from tools import *


def selected_accuracy(output, label, mask):
    return accuracy(output.detach(), label * mask, topk=(1,))[0] * torch.ones(1)
