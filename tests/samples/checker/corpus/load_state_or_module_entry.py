# seen in: a facial-expression trainer that saves {'net': net.state_dict() if use_cuda else net, ...} and whose every
# reader restores the entry with load_state_dict: a whole module there fails on every release, so readers can only
# use the state dict the other branch saves (which weights_only=True loads)
import os

import torch


def save(net, acc, epoch, folder, use_cuda):
    state = {"net": net.state_dict() if use_cuda else net, "acc": acc, "epoch": epoch}
    torch.save(state, os.path.join(folder, "Test_model.t7"))


def restore(net, folder):
    checkpoint = torch.load(os.path.join(folder, "Test_model.t7"))
    net.load_state_dict(checkpoint["net"])
    return checkpoint["acc"], checkpoint["epoch"]


def save_whole(net, folder, use_parallel):
    torch.save({"model": net.module if use_parallel else net}, os.path.join(folder, "whole_model.t7"))


def restore_whole(folder):
    return torch.load(os.path.join(folder, "whole_model.t7"))["model"]  # finding: torch-load-saved-objects
