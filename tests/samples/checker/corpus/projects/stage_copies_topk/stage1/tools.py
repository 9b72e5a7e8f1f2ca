# seen in: a two-stage speaker-verification project whose stages each keep a tools.py with accuracy(): stage 1's
# copy uses reshape and is called with topk=(1, 2); stage 2's keeps view() and is only called with topk=(1,)
import torch


def accuracy(output, target, topk=(1,)):
    _, pred = output.topk(max(topk), 1, True, True)
    pred = pred.t()
    correct = pred.eq(target.view(1, -1).expand_as(pred))
    return [correct[:k].reshape(-1).float().sum(0) * 100.0 / target.size(0) for k in topk]
