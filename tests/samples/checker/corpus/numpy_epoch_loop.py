# seen in: a segmentation repo's trainers (ansleliu/LightNet's scripts/train_*.py) that walk epochs with
# `for epoch in np.arange(start, n)`: each epoch is a numpy int64, so the checkpoint's 'epoch': epoch + 1 is a numpy
# scalar that weights_only=True refuses ("Unsupported global: GLOBAL numpy._core.multiarray.scalar")
import numpy as np
import torch


def train(model, optimizer, start, n):
    for epoch in np.arange(start, n):
        state = {"epoch": epoch + 1, "model_state": model.state_dict(), "optimizer_state": optimizer.state_dict()}
        torch.save(state, "best_model.pkl")
    for step in range(n):
        torch.save({"step": step, "model_state": model.state_dict()}, "last_model.pkl")


def resume(model):
    checkpoint = torch.load("best_model.pkl")  # finding: torch-load-saved-in-project
    model.load_state_dict(checkpoint["model_state"])
    last = torch.load("last_model.pkl")
    model.load_state_dict(last["model_state"])
