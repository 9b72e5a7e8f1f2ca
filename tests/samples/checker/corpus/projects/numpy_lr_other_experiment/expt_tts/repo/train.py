import torch

from warmup import warm_up


def train(model, batches, path):
    optimizer = torch.optim.Adam(model.parameters())
    for step, batch in enumerate(batches, 1):
        warm_up(optimizer, step)
        optimizer.step()
    torch.save({"model": model.state_dict(), "optimizer": optimizer.state_dict()}, path)
