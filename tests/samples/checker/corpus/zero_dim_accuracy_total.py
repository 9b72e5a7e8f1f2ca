# seen in: sentence-matching models (BiMPM re-implementations, 2018) that count correct predictions into a total
# started at 0, average it in place and read it with .data[0]: the total is a 0-dim tensor since 0.4
import torch


def test(model, iterator, criterion):
    acc, loss, size = 0, 0, 0
    for batch in iterator:
        pred = model(batch.premise, batch.hypothesis)
        loss += criterion(pred, batch.label).item()
        _, pred = pred.max(dim=1)
        acc += (pred == batch.label).sum().float()
        size += len(pred)
    acc /= size
    acc = acc.cpu().data[0]  # finding: loss-data-index
    return loss, acc


def test_counted(model, iterator):
    correct, size = 0, 0
    for batch in iterator:
        correct += int((model(batch.text).argmax(1) == batch.label).sum())
        size += len(batch.label)
    return correct / size
