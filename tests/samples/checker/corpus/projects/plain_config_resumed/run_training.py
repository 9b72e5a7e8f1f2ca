"""The same resume loop with the run configuration kept as a plain dict: the checkpoint loads as is."""
import os

import torch

configs = {"lr": 0.1, "epochs": 10}


def main(model, optimizer, path):
    start = 0
    if os.path.exists(path):
        checkpoint = torch.load(path)
        model.load_state_dict(checkpoint.pop("model"))
        optimizer.load_state_dict(checkpoint.pop("optimizer"))
        start = checkpoint.get("epoch", start)
    for epoch in range(start, configs["epochs"]):
        torch.save({"epoch": epoch, "model": model.state_dict(), "optimizer": optimizer.state_dict(),
                    "configs": configs}, path)
