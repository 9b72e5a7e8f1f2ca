# seen in: a temporal action detector's trainer (action-detection's binary_train.py) that keeps accuracy()'s whole
# list and reads fg_acc[0].data[0], and an image-compression trainer (pytorch-image-comp-rnn) that appends each
# iteration's mean loss and prints [l.data[0] for l in losses]; every item is 0-dim since 0.4
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


def train_step(output, target, meter):
    fg_acc = accuracy(output, target)
    meter.update(fg_acc[0].data[0])  # finding: loss-data-index


def compress(patches, encoder, iterations):
    losses = []
    res = patches - 0.5
    for _ in range(iterations):
        res = res - encoder(res)
        losses.append(res.abs().mean())
    sizes = []
    for _ in range(iterations):
        sizes.append(res.size())
    print([l.data[0] for l in losses])  # finding: loss-data-index
    return [s[0] for s in sizes]
