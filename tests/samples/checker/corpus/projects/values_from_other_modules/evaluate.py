import pickle

import torch


def evaluate(model, path, snapshot):
    with open(snapshot, "rb") as f:
        data = pickle.load(f)
    print(data["ema"])
    data = torch.load(path, map_location="cpu")  # finding: torch-load-saved-in-project
    model.load_state_dict(data["model_state"])


def evaluate_plain(model, path):
    model.load_state_dict(torch.load(path)["weights"])
