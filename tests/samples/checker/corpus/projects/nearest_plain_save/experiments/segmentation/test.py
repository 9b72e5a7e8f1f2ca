import torch


def test(model, path):
    checkpoint = torch.load(path)  # finding: torch-load-saved-in-project
    model.load_state_dict(checkpoint["state_dict"])
    return checkpoint["epoch"]
