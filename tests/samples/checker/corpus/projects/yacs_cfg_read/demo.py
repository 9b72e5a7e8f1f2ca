import torch

from config import get_cfg


def load(path, build_model):
    checkpoint = torch.load(path)  # finding: torch-load-pickled-object
    model = build_model(checkpoint["cfg"])
    model.load_state_dict(checkpoint["model"])
    return model, get_cfg()
