# seen in: graph-learning examples (pyg-team/pytorch_geometric's examples, shenyangHuang/TGB) that log
# `total_loss += float(loss)` right after loss.backward(): since 2.8 that conversion warns once per process
import math

import torch


def train(model, loader, optimizer):
    total_loss = 0.0
    for data in loader:
        optimizer.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(data.x), data.y)
        loss.backward()
        optimizer.step()
        total_loss += float(loss)  # finding: float-of-requires-grad-tensor
        perplexity = math.exp(loss)  # finding: float-of-requires-grad-tensor
        logged = loss.item()
        kept = float(loss.detach())
    return total_loss, perplexity, logged, kept


@torch.no_grad()
def evaluate(model, loader):
    losses = []
    for data in loader:
        loss = torch.nn.functional.cross_entropy(model(data.x), data.y)
        losses.append(float(loss))  # grad mode is off: no backward here, and no warning
    return losses


def step(model, batch, optimizer):
    loss = model(batch).mean()
    loss.backward()
    optimizer.step()
    with torch.no_grad():
        value = float(loss)  # grad mode off at the conversion: quiet
    return value


def debug_step(model, batch, optimizer):
    # seen in: an orthographic-feature-transform detector's loss debugging (oft's print('loss', float(loss.min()),
    # float(loss.max()))): a full reduction keeps requires_grad
    losses = model(batch)
    losses.backward(torch.ones_like(losses))
    print("range", float(losses.min()))  # finding: float-of-requires-grad-tensor
    spread = float(losses.detach().std())
    optimizer.step()
    return spread
