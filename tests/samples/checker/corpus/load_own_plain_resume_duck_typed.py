# seen in: kakaobrain/fast-autoaugment train.py (the resume reads the checkpoint the same function saves to the same
# path: epoch, a log of plain floats, state_dicts, and 'ema': EMA.state_dict(), a dict of tensors; it loads under
# weights_only=True on torch 2.15. `data['ema'].state_dict()` sits in the branch of an isinstance(..., dict) test:
# it reads files of an older layout, and is no evidence for the file this code writes).
import os

import torch


def train_and_eval(model, optimizer, ema, save_path, epochs):
    if save_path and os.path.exists(save_path):
        data = torch.load(save_path)
        model.load_state_dict(data["model"])
        optimizer.load_state_dict(data["optimizer"])
        start = data["epoch"]
        if ema is not None:
            ema.shadow = data.get("ema", {}) if isinstance(data.get("ema", {}), dict) else data["ema"].state_dict()
    else:
        start = 1
    for epoch in range(start, epochs):
        torch.save({
            "epoch": epoch,
            "log": {"train": {"loss": 0.1}},
            "optimizer": optimizer.state_dict(),
            "model": model.state_dict(),
            "ema": ema.state_dict() if ema is not None else None,
        }, save_path)


# the same duck-typed read of a file this code does not save itself: the object branch counts
def load_any(model, path):
    data = torch.load(path)  # finding: torch-load-pickled-object
    sd = data if isinstance(data, dict) else data.state_dict()
    model.load_state_dict(sd)


# seen in: asyml/texar-pytorch (Executor.load: `if isinstance(checkpoint, utils.SavedTrainingState)` reads
# checkpoint.model; the file saves that NamedTuple itself, so no plain save of its own decides this load)
def load_state(model, path, saved_state_class):
    checkpoint = torch.load(path)  # finding: torch-load-pickled-object
    if isinstance(checkpoint, saved_state_class):
        model.load_state_dict(checkpoint.model)
    else:
        model.load_state_dict(checkpoint)


# a hasattr test is duck typing too: the file saves a plain state_dict to the same path
def resume_either(model, path):
    state = torch.load(path)
    state = state.module.state_dict() if hasattr(state, "module") else state
    model.load_state_dict(state["net"])
    torch.save({"net": model.state_dict()}, path)
