# seen in: MGSSL's finetune/loader.py (old torch_geometric InMemoryDataset.get): a list of slices built with
# repeat(), one entry replaced, then used as the index; since 2.8 a non-tuple sequence warns
from itertools import repeat

import torch


def get(data, slices, idx, cat_dim):
    out = {}
    for key, item in data.items():
        s = list(repeat(slice(None), item.dim()))
        s[cat_dim] = slice(slices[key][idx], slices[key][idx + 1])
        out[key] = item[s]  # finding: non-tuple-sequence-index
        t = tuple(repeat(slice(None), item.dim()))
        out[key + "_t"] = item[t]
        ids = list(repeat(0, item.dim()))
        out[key + "_0"] = torch.tensor(ids)[ids]
    return out
