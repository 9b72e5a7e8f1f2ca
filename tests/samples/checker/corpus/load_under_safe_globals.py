# seen in: pytorch/examples super_resolution, word_language_model (whole model loaded with an allowlist)
import torch

from model import Net


def load(path):
    with open(path, "rb") as f:
        with torch.serialization.safe_globals([Net, torch.nn.Conv2d, torch.nn.ReLU]):
            model = torch.load(f)
    model.eval()
    return model
