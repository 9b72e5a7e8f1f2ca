# seen in: classification repos that keep a copy of the ImageNet example's accuracy() in utils/ (sum(0) of a flattened
# comparison: 0-dim since 0.4) and read its results in train.py with prec1[0]
import torch


def accuracy(output, target, topk=(1,)):
    batch_size = target.size(0)
    _, pred = output.topk(max(topk), 1, True, True)
    correct = pred.eq(target.view(-1, 1).expand_as(pred)).t()
    res = []
    for k in topk:
        correct_k = correct[:k].reshape(-1).float().sum(0)
        res.append(correct_k.mul_(100.0 / batch_size))
    return res


def kept_accuracy(output, target, topk=(1,)):
    batch_size = target.size(0)
    _, pred = output.topk(max(topk), 1, True, True)
    correct = pred.eq(target.view(-1, 1).expand_as(pred)).t()
    return [correct[:k].reshape(-1).float().sum(0, keepdim=True) * (100.0 / batch_size) for k in topk]


def mean_error(output, target):
    return torch.abs(output - target).mean()
