import torch


def load_model(model, path):
    checkpoint = torch.load(path, map_location="cpu")  # finding: torch-load-saved-in-project
    model.load_state_dict(checkpoint["model_state"])
    return model


def load_plain(model, path):
    model.load_state_dict(torch.load(path)["weights"])
    return model
