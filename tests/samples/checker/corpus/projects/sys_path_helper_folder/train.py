# the script reaches its helpers with sys.path.append('Utils'), then reads the first of each 0-dim item with [0]
import sys

import torch

sys.path.append("Utils")
from TrainingUtils import compute_accuracy  # noqa: E402


def evaluate(net, loader):
    accuracies = []
    for images, labels in loader:
        outputs = net(images)
        prec1, prec5 = compute_accuracy(outputs.cpu().data, labels.cpu().data, topk=(1, 5))
        accuracies.append(prec1[0])  # finding: loss-data-index
    return torch.tensor(accuracies).mean()
