# seen in: fast geometric ensembling utilities (pytorch-ensembles' fge_utils.py) that keep 0.3's `async` copy flag
# by spelling it through a dict, since `x.cuda(async=True)` no longer parses; non_blocking and a dict of other
# options stay quiet
import torch


def train_epoch(loader, model, optimizer, criterion, options):
    for input, target in loader:
        input = input.cuda(**{"async": True})  # finding: cuda-async-keyword
        target = target.to("cuda", **{"async": True})  # finding: cuda-async-keyword
        weights = target.cuda(non_blocking=True)
        extra = input.cuda(**options)
        loss = criterion(model(input), target) * weights.mean() + extra.sum()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
