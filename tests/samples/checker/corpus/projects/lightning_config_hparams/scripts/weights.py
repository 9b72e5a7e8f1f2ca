import torch


def load_ema(path):
    d = torch.load(path)  # finding: torch-load-lightning-checkpoint
    return d["ema"]["params"]


def load_any(path):
    d = torch.load(path)  # finding: torch-load-lightning-checkpoint
    if "ema" in d:
        d = d["ema"]["params"]
    return d


# A look-alike that loads: a file of another layout (a released model file, 'model' is no key of the checkpoints).
def load_release(path):
    d = torch.load(path)
    return d["model"], d["ema"]
