"""Scores the plain checkpoint."""
import torch


def score(model, path):
    checkpoint = torch.load(path)
    model.load_state_dict(checkpoint.pop("model"))
    return model
