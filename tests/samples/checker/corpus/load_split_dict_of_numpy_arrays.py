# seen in: rampasek/GraphGPS graphgps/loader/dataset/pcqm4mv2_contact.py (get_idx_split reads the split dict another
# method saves as {'train': ..., 'val': ..., 'test': ...} numpy index arrays, converted by ogb's helper)
import os.path as osp

import numpy as np
import torch
from ogb.utils.torch_util import replace_numpy_with_torchtensor


class Splits:
    def __init__(self, folder, subset):
        self.folder, self.subset = folder, subset

    def create_shuffle_split(self, n):
        ind = np.random.default_rng(0).permutation(n)
        torch.save({"train": ind[: n // 2], "val": ind[n // 2:]}, osp.join(self.folder, f"{self.subset}_shuffle_split_dict.pt"))

    def get_idx_split(self, split_name):
        split_file = osp.join(self.folder, f"{self.subset}_{split_name}_split_dict.pt")
        return replace_numpy_with_torchtensor(torch.load(split_file))  # finding: torch-load-pickled-object


def read_tensor_splits(path):
    splits = torch.load(path)  # tensors: loads
    return replace_numpy_with_torchtensor(dict(splits))
