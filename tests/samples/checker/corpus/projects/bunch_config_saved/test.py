import torch


def restore(model, weight_path):
    checkpoint = torch.load(weight_path)  # finding: torch-load-saved-in-project
    model.load_state_dict(checkpoint["state_dict"])
    return checkpoint["config"]
