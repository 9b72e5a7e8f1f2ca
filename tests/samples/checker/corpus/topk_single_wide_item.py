# seen in: a self-supervised features project whose accuracy() helper is asked for one k at a time, topk=(5,): the
# view of five transposed rows fails as (1, 5) does
import torch


def accuracy(output, target, topk=(1,)):
    maxk = max(topk)
    _, pred = output.topk(maxk, 1, True, True)
    pred = pred.t()
    correct = pred.eq(target.view(1, -1).expand_as(pred))
    res = []
    for k in topk:
        correct_k = correct[:k].view(-1).float().sum(0)  # finding: topk-accuracy-view
        res.append(correct_k.mul_(100.0 / target.size(0)))
    return res


def record(prediction, labels):
    top5 = accuracy(prediction, labels, topk=(5,))
    return top5
