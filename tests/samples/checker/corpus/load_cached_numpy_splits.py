# seen in: facebookresearch/pytorchvideo projects/video_nerf/dataset.py (splits cached with torch.save as a list
# of slices of np.arange, made by a function of the project's own, then loaded from the same path:
# UnpicklingError under weights_only=True on torch 2.15, numpy._core.multiarray._reconstruct)
import os

import numpy as np
import torch

from .split_utils import make_splits


def frame_splits(count, root):
    cache = os.path.join(root, "splits.pt")
    if os.path.exists(cache):
        parts = torch.load(cache)  # finding: torch-load-saved-objects
        train, val, test = parts
    else:
        order = np.arange(count)
        train, val, test = make_splits(order)
        torch.save([train, val, test], cache)
    return train, val, test


def cached_order(n, cache):
    if os.path.exists(cache):
        return torch.load(cache)  # finding: torch-load-saved-objects
    order = np.random.permutation(n)[: n // 2]
    torch.save((order, n), cache)
    return order


# Look-alikes that load: the same caches holding tensors and Python numbers.
def tensor_splits(count, root):
    cache = os.path.join(root, "tensor_splits.pt")
    if os.path.exists(cache):
        return torch.load(cache)
    order = torch.randperm(count)
    parts = [order[: count // 2], order[count // 2:]]
    torch.save(parts, cache)
    return parts


def counted(n, cache):
    if os.path.exists(cache):
        return torch.load(cache)
    total = len(make_splits(list(range(n))))
    torch.save([total, n], cache)
    return total
