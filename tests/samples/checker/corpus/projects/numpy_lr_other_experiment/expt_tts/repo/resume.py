import torch


def restore(model, path):
    checkpoint = torch.load(path, map_location="cpu")  # finding: torch-load-saved-in-project
    model.load_state_dict(checkpoint["model"])
    return model
