# each example script keeps its own copy of the accuracy helper; this one only ever asks for top-1, which views fine
import torch


def accuracy(output, target, topk=(1,)):
    maxk = max(topk)
    batch_size = target.size(0)
    _, pred = output.topk(maxk, 1, True, True)
    pred = pred.t()
    correct = pred.eq(target.view(1, -1).expand_as(pred))
    res = []
    for k in topk:
        correct_k = correct[:k].view(-1).float().sum(0)
        res.append(correct_k.mul_(100.0 / batch_size))
    return res


def validate(model, loader):
    return [accuracy(model(x).data, y)[0].item() for x, y in loader], torch.zeros(1)
