# seen in: variational_dropout's train.py, which sums a model's own loss method over the test set with
# model.loss(..., average=False).cpu().data.numpy()[0], written for 0.3's one-element losses; a per-element loss
# (reduction="none") and a loss read with .item() stay quiet
import torch


def evaluate(model, loader):
    total = 0
    for x, y in loader:
        total += model.loss(input=x, target=y, average=False).cpu().data.numpy()[0]  # finding: zero-dim-numpy-index
        per_item = model.loss(input=x, target=y, reduction="none").cpu().data.numpy()[0]
        total += model.loss(input=x, target=y, average=False).item() + per_item
    return total
