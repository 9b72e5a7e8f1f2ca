# A video dataset cache as torchvision's reference scripts keep it (seen in a multimodal example's data builder):
# the dataset object, an instance of a class of the project's data module, is written through utils.save_on_master
# (torch.save on the main process) and read back from the same path: weights_only refuses the object.
import os

import torch

from pets.data import datasets
from pets import utils


def get_kinetics(root, split, transform, args):
    cache_path = os.path.join(os.path.expanduser("~/.cache"), split, "dataset.pt")
    if args.cache_dataset and os.path.exists(cache_path):
        dataset, _ = torch.load(cache_path)  # finding: torch-load-saved-objects
        dataset.transform = transform
    else:
        dataset = datasets.Kinetics(root, split=split, transform=transform)
        if args.cache_dataset:
            utils.mkdir(os.path.dirname(cache_path))
            utils.save_on_master((dataset, root), cache_path)
    return dataset


def get_counts(root, args):
    # a plain cache of the same shape: lists of numbers, read back as they are
    cache_path = os.path.join(root, "counts.pt")
    if os.path.exists(cache_path):
        counts, _ = torch.load(cache_path)
    else:
        counts = [len(files) for _, _, files in os.walk(root)]
        utils.save_on_master((counts, root), cache_path)
    return counts
