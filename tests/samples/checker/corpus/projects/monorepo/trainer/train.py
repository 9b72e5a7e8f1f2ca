# seen in: a monorepo whose training sub-project saves its omegaconf config object next to the weights
import torch


def resume(model, path):
    checkpoint = torch.load(path, map_location="cpu")  # finding: torch-load-saved-in-project
    model.load_state_dict(checkpoint["model"])
