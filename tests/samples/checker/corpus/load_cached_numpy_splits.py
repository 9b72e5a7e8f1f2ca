# seen in: facebookresearch/pytorchvideo projects/video_nerf/dataset.py (splits cached with torch.save as a list
# of slices of np.arange, made by a function of the project's own, then loaded from the same path:
# UnpicklingError under weights_only=True on torch 2.15, numpy._core.multiarray._reconstruct)
import os

import numpy as np
import torch

from .dataset_utils import generate_splits


def split_frames(num_frames, data_root):
    splits_path = os.path.join(data_root, "splits.pt")
    if os.path.exists(splits_path):
        splits = torch.load(splits_path)  # finding: torch-load-saved-objects
        train_idx, val_idx, test_idx = splits
    else:
        index_options = np.arange(num_frames)
        train_idx, val_idx, test_idx = generate_splits(index_options)
        torch.save([train_idx, val_idx, test_idx], splits_path)
    return train_idx, val_idx, test_idx


def cached_order(n, cache):
    if os.path.exists(cache):
        return torch.load(cache)  # finding: torch-load-saved-objects
    order = np.random.permutation(n)[: n // 2]
    torch.save((order, n), cache)
    return order


# Look-alikes that load: the same caches holding tensors and Python numbers.
def tensor_splits(num_frames, data_root):
    splits_path = os.path.join(data_root, "tensor_splits.pt")
    if os.path.exists(splits_path):
        return torch.load(splits_path)
    index_options = torch.randperm(num_frames)
    splits = [index_options[: num_frames // 2], index_options[num_frames // 2:]]
    torch.save(splits, splits_path)
    return splits


def counted(n, cache):
    if os.path.exists(cache):
        return torch.load(cache)
    total = len(generate_splits(list(range(n))))
    torch.save([total, n], cache)
    return total
