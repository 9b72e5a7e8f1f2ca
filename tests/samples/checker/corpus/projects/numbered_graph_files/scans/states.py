# Look-alike: a numbered state file one function saves plain (a state_dict) and another saves whole: no telling which
import torch


def save_state(model, root, step):
    torch.save(model.state_dict(), f"{root}/state_{step}.pt")


def save_whole(model, root, step):
    torch.save(model, f"{root}/state_{step}.pt")
