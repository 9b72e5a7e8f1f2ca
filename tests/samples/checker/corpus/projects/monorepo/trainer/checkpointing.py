import torch
from omegaconf import DictConfig


def save(model, config: DictConfig, path):
    torch.save({"model": model.state_dict(), "config": config}, path)
