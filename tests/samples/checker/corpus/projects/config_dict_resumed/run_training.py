"""Trains and resumes from its own checkpoint, which carries the configs object (an attribute-access dict of the project)."""
import os
import shutil

import torch

from tools.settings import configs


def main(model, optimizer, path, best_path):
    start = 0
    if os.path.exists(path):
        checkpoint = torch.load(path)  # finding: torch-load-saved-in-project
        model.load_state_dict(checkpoint.pop("model"))
        optimizer.load_state_dict(checkpoint.pop("optimizer"))
        start = checkpoint.get("epoch", start)
    for epoch in range(start, configs.epochs):
        torch.save({"epoch": epoch, "model": model.state_dict(), "optimizer": optimizer.state_dict(),
                    "configs": configs}, path)
        shutil.copyfile(path, best_path)
