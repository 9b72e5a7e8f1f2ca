# seen in: round 60's GraphCL copies of PyG's old InMemoryDataset.get: the per-dimension slice list is made only in
# the branch that knows the item is a tensor, the other branches bind a slice; item[s] after them reads the list
# whenever the item is a tensor, and warns there. A list made for one tensor and used on another stays quiet.
from itertools import repeat

import torch


class SlicedDataset:
    def __init__(self, data, slices):
        self.data, self.slices = data, slices

    def get(self, idx):
        out = {}
        for key in self.data:
            item, slices = self.data[key], self.slices[key]
            start, end = slices[idx].item(), slices[idx + 1].item()
            if torch.is_tensor(item):
                s = list(repeat(slice(None), item.dim()))
                s[0] = slice(start, end)
            elif start + 1 == end:
                s = slices[start]
            else:
                s = slice(start, end)
            out[key] = item[s]  # finding: non-tuple-sequence-index
        return out

    def get_other(self, idx, other):
        item = self.data["x"]
        if isinstance(item, torch.Tensor):
            s = list(repeat(slice(None), item.dim()))
        else:
            s = slice(idx, idx + 1)
        return other[s]
