import torch

from test import test


def train(model, loader, resume):
    if resume:
        checkpoint = torch.load("ckpt-best.pth")
        model.load_state_dict(checkpoint["model"])
    best = test(model, loader)
    torch.save({"best_metric": best, "model": model.state_dict()}, "ckpt-best.pth")
