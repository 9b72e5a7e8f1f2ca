import torch


def run(model):
    ckpt = torch.load("batch.pt")  # finding: torch-load-saved-in-project
    model.load_state_dict(ckpt["model"])
    plain = torch.load("stats.pt")
    return ckpt["batch"], plain["stats"]
