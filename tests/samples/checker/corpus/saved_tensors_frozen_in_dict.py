# seen in: hlb-CIFAR10, which caches the whole normalised dataset as half tensors in nested dicts and freezes them with
# requires_grad_(False) (a tensor method as well as a module's): the cache holds tensors only and loads under
# weights_only=True, so its load is no finding.
import os

import torch


def cached_dataset(path, images, targets):
    if not os.path.exists(path):
        train = {"images": images, "targets": targets}
        data = {"train": train}
        data["train"]["images"] = data["train"]["images"].half().requires_grad_(False)
        torch.save(data, path)
    else:
        data = torch.load(path)
    return data


def frozen_copy(net, path):
    net.requires_grad_(False)
    torch.save(net, path)
    return torch.load(path)  # finding: torch-load-saved-objects
