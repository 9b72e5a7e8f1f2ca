# seen in: round 57's MobileNetV2 trainer: the transposed top-k indices cast with type_as before the comparison keep
# the transposed strides, so a view of more than one row raises.
import torch


def correct(output, target, topk=(1,)):
    _, pred = output.topk(max(topk), 1, True, True)
    pred = pred.t().type_as(target)
    hits = pred.eq(target.view(1, -1).expand_as(pred))
    return [hits[:k].view(-1).float().sum(0).item() for k in topk]  # finding: topk-accuracy-view


def train(model, loader):
    for x, y in loader:
        hits = correct(model(x), y, topk=(1, 5))
    return hits
