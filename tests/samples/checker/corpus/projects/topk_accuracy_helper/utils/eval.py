# seen in: bearpaw/pytorch-classification's utils/eval.py (copied by rethinking-network-pruning, MixMatch): the
# helper never names torch, and only the training script's call says k reaches 5
__all__ = ["accuracy", "top1"]


def accuracy(output, target, topk=(1,)):
    maxk = max(topk)
    _, pred = output.topk(maxk, 1, True, True)
    pred = pred.t()
    correct = pred.eq(target.view(1, -1).expand_as(pred))
    return [correct[:k].view(-1).float().sum(0) for k in topk]  # finding: topk-accuracy-view


def top1(output, target, topk=(1,)):
    _, pred = output.topk(max(topk), 1, True, True)
    correct = pred.t().eq(target.view(1, -1))
    return [correct[:k].view(-1).float().sum(0) for k in topk]
