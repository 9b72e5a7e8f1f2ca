# seen in: the same framework's report scripts (the history and the weights read back from the manager's file)
import torch


def history(path):
    return torch.load(path)["history"]  # finding: torch-load-saved-in-project


def best_weights(path, name):
    return torch.load(path)["weights"][name]  # finding: torch-load-saved-in-project


# Look-alikes: the meter's plain file, and a read with a key held in a variable (any layout).
def meter_totals(path):
    return torch.load(path)["totals"]


def entry(path, key):
    return torch.load(path)[key]
