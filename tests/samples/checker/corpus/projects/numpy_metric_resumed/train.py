# seen in: semi-supervised segmentation training that resumes its best score from the checkpoint and later saves
# the validation mean IoU (np.mean of per-class IoUs) in the same entry: the resumed binding comes first in the
# file, the NumPy one after the save in the loop
import numpy as np
import torch

from seg.checkpoint import load_state


def validate(model, loader):
    per_class = []
    for x, y in loader:
        per_class.append((model(x).argmax(1) == y).float().mean().item())
    miou = np.mean(per_class)
    return miou


def main(model, optimizer, loader, epochs, resume):
    best_prec = 0
    if resume:
        best_prec, last_epoch = load_state("ckpt.pth", model, optimizer)
    for epoch in range(epochs):
        prec = validate(model, loader)
        state = {"epoch": epoch, "model_state": model.state_dict(), "optimizer_state": optimizer.state_dict(),
                 "best_miou": best_prec}
        if prec > best_prec:
            best_prec = prec
        torch.save(state, "ckpt.pth")
