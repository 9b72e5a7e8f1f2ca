import torch


def verify(model, path):
    checkpoint = torch.load(path)
    model.load_state_dict(checkpoint["state_dict"])


# a key the nearer plain layout lacks: the sibling folder's layout is the one holding every key read
def read_metrics(path):
    checkpoint = torch.load(path)  # finding: torch-load-saved-in-project
    return checkpoint["miou"], checkpoint["state_dict"]
