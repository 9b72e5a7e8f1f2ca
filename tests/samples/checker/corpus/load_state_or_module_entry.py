# seen in: a facial-expression trainer that saves {'net': net.state_dict() if use_cuda else net, ...} and whose every
# reader restores the entry with load_state_dict: a whole module there fails on every release, so readers can only
# use the state dict the other branch saves (which weights_only=True loads)
import torch


def save(net, acc, epoch, path, use_cuda):
    state = {"net": net.state_dict() if use_cuda else net, "acc": acc, "epoch": epoch}
    torch.save(state, path)


def restore(net, path):
    checkpoint = torch.load(path)
    net.load_state_dict(checkpoint["net"])
    return checkpoint["acc"], checkpoint["epoch"]


def save_whole(net, path, use_parallel):
    torch.save({"model": net.module if use_parallel else net}, path + ".full")


def restore_whole(path):
    return torch.load(path + ".full")["model"]  # finding: torch-load-saved-objects
