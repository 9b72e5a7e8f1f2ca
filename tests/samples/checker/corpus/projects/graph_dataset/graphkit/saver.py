# seen in: snap-stanford/ogb ogb/io/save_dataset.py (DatasetSaver.save_split refuses anything but numpy arrays,
# then torch.save()s the dict to split_dict.pt; the dataset classes torch.load that file name elsewhere:
# UnpicklingError under weights_only=True on torch 2.15, numpy._core.multiarray._reconstruct)
import os.path as osp

import torch


def all_numpy(value):
    return True


class SplitSaver:
    def __init__(self, root):
        self.split_dir = osp.join(root, "split")

    def save_split(self, split_dict):
        if not all_numpy(split_dict):
            raise RuntimeError("split_dict must only hold numpy arrays")
        torch.save(split_dict, osp.join(self.split_dir, "split_dict.pt"))

    def save_meta(self, meta):
        torch.save(meta, osp.join(self.split_dir, "meta.pt"))
