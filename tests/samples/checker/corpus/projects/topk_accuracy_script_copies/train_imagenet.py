# the ImageNet script's copy is called with topk=(1, 5): its view raises for k = 5
import torch


def accuracy(output, target, topk=(1,)):
    maxk = max(topk)
    batch_size = target.size(0)
    _, pred = output.topk(maxk, 1, True, True)
    pred = pred.t()
    correct = pred.eq(target.view(1, -1).expand_as(pred))
    res = []
    for k in topk:
        correct_k = correct[:k].view(-1).float().sum(0)  # finding: topk-accuracy-view
        res.append(correct_k.mul_(100.0 / batch_size))
    return res


def validate(model, loader):
    for x, y in loader:
        acc1, acc5 = accuracy(model(x), y, topk=(1, 5))
    return acc1, acc5, torch.zeros(1)
