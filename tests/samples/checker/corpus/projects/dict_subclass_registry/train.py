import torch

from .config import read_config


def save(model, config_path, out):
    config = read_config(config_path)
    torch.save({"model": model.state_dict(), "config": config}, out)


def restore(model, path):
    checkpoint = torch.load(path)
    model.load_state_dict(checkpoint["model"])
    return checkpoint["config"]
