import torch
from tools import *


def training_accuracy(logits, label):
    prec1, _ = accuracy(logits.detach(), label, topk=(1, 2))
    return torch.as_tensor(prec1)
