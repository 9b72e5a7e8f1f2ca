# A checkpoint that keeps the optimizer's class (type(optimizer)) beside its state: weights_only refuses the class
# ("Unsupported global: GLOBAL torch.optim.sgd.SGD" on torch 2.15), and only files saved with an optimizer hold it.
import os

import torch


def save_checkpoint(epoch, model, optimizer=None, folder="."):
    checkpoint = {"epoch": epoch, "state_dict": model.state_dict()}
    if optimizer is not None:
        checkpoint["optimizer_state_dict"] = optimizer.state_dict()
        checkpoint["optimizer_type"] = type(optimizer)
    torch.save(checkpoint, os.path.join(folder, "checkpoint.pth.tar"))


def load_checkpoint(model, chkpt_file):
    def _load_optimizer():
        # the nested function reads the load's result from its closure: the class, called
        cls, state = checkpoint["optimizer_type"], checkpoint["optimizer_state_dict"]
        optimizer = cls(model.parameters(), lr=1)
        optimizer.load_state_dict(state)
        return optimizer

    checkpoint = torch.load(chkpt_file, map_location="cpu")  # finding: torch-load-saved-in-project
    model.load_state_dict(checkpoint["state_dict"])
    return model, _load_optimizer(), checkpoint["epoch"]
