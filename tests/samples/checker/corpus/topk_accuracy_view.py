# seen in: the ImageNet example's accuracy() copied into classification and NAS projects (CutMix, ShuffleNet-Series,
# proxylessnas, rethinking-network-pruning): the comparison of pred.t() keeps its transposed strides since 1.7, so a
# view of more than one row raises; k = 1, reshape() and contiguous() stay quiet
import torch


def accuracy(output, target, topk=(1,)):
    maxk = max(topk)
    _, pred = output.topk(maxk, 1, True, True)
    pred = pred.t()
    correct = pred.eq(target.view(1, -1).expand_as(pred))
    res = []
    for k in topk:
        res.append(correct[:k].view(-1).float().sum(0))  # finding: topk-accuracy-view
    return res


def top1_only(output, target):
    return accuracy(output, target)


def validate(output, target):
    prec1, prec5 = accuracy(output, target, topk=(1, 5))
    return prec1, prec5


def top5_inline(logits, labels):
    correct = logits.topk(5, 1)[1].t() == labels.view(1, -1)
    hits = correct[:5].float().view(-1).sum()  # finding: topk-accuracy-view
    first = correct[:1].view(-1).sum()
    return hits, first, correct[:5].reshape(-1).sum(), correct.contiguous()[:5].view(-1).sum()


def listed(output, target, ks=(1, 3)):
    _, pred = torch.topk(output, max(ks), dim=1)
    correct = pred.t().eq(target[None])
    return [correct[:k, :].view(-1).sum() for k in ks]  # finding: topk-accuracy-view


def never_wide(output, target, topk=(1,)):
    _, pred = output.topk(max(topk), 1, True, True)
    correct = pred.t().eq(target.view(1, -1))
    return [correct[:k].view(-1).sum() for k in topk]


def plain_view(x):
    _, idx = x.topk(3)
    rows = idx.eq(0)
    return rows[:3].view(-1)
