# seen in: a virtual adversarial training script (9310gaurav's VAT): the test accuracy is a running total of each
# batch's 0-dim mean accuracy weighted by the batch size (n = data.size()[0], an int), so the total is a 0-dim tensor
# and .data[0] of it raises IndexError on torch 0.4 and later.
import torch


def accuracy(model, x, y):
    _, idx = torch.max(model(x), dim=1)
    return torch.eq(idx, y).float().mean()


def evaluate(model, loader):
    total = 0.0
    counter = 0
    for data, target in loader:
        n = data.size()[0]
        acc = accuracy(model, data, target)
        total += n * acc
        counter += n
    return total.data[0] / counter  # finding: loss-data-index
