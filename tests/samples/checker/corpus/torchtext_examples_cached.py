# seen in: BiDAF re-implementations (galsang's and its heirs): the torchtext splits' examples, a list of
# torchtext.data.Example objects, are cached with torch.save and read back to build the datasets again; weights_only
# refuses the Example class (a stand-in class saved in a list: UnpicklingError on 2.15).
import os

import torch
from torchtext import data


def splits(path, fields, cache):
    train_path = os.path.join(cache, "train.pt")
    if os.path.exists(train_path):
        train_examples = torch.load(train_path)  # finding: torch-load-saved-objects
        return data.Dataset(examples=train_examples, fields=fields)
    train = data.TabularDataset(path, format="json", fields=fields)
    torch.save(train.examples, train_path)
    return train
