# seen in: explanation code that labels a stacked array's dimensions when turning it into a tensor; named tensors
# are gone, so torch.tensor no longer takes names=; a project helper of the same name and a pandas index do
import numpy as np
import pandas as pd
import torch


def label_dims(values):
    stacked = np.stack(values)
    return torch.tensor(stacked, names=["preds", "batches", "features"])  # finding: named-tensors-factory


def tensor(data, names=None):
    return dict(zip(names or [], data))


def own_helper(values):
    index = pd.Index([1, 2], names=["step"])
    return tensor(values, names=["a", "b"]), index, torch.tensor(np.asarray(values))
