import torch


def accuracy(output, target, topk=(1,)):
    _, pred = output.topk(max(topk), 1, True, True)
    pred = pred.t()
    correct = pred.eq(target.view(1, -1).expand_as(pred))
    res = []
    for k in topk:
        correct_k = correct[:k].view(-1).float().sum(0, keepdim=True)  # finding: topk-accuracy-view
        res.append(correct_k.mul_(100.0 / target.size(0)))
    return res
