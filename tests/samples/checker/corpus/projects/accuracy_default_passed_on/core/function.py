# seen in: round 57's mdeq (lib/core/cls_function.py): train() and validate() take topk=(1, 5) as a default and hand
# it on by name, so the helper's k reaches 5
import torch

from core.evaluate import accuracy


def train(model, loader, topk=(1, 5)):
    for x, y in loader:
        prec1, prec5 = accuracy(model(x), y, topk=topk)
    return prec1, prec5


def validate(model, loader, topk=(1, 5)):
    with torch.no_grad():
        return [accuracy(model(x), y, topk=topk) for x, y in loader]
