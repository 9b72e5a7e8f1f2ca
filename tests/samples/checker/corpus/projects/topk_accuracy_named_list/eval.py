import torch

from utils import util

topk = [1, 5]


def evaluate(model, loader):
    scores = {k: 0.0 for k in topk}
    for clips, labels in loader:
        with torch.no_grad():
            predictions = model(clips)
        for k, precision in zip(topk, util.accuracy(predictions, labels, topk=topk)):
            scores[k] += precision.item()
    return scores
