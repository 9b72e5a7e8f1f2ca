# seen in: a multi-object MNIST dataset that builds its tensors from the raw NumPy archive in one branch and reads
# the processed file back in the other; the same name holds the archive there and the loaded dict here, and only
# tensors are saved, so the processed file loads under weights_only
import os

import numpy as np
import torch


class MultiMNIST:
    def __init__(self, root, processed):
        self.root = root
        if not processed:
            data = np.load(os.path.join(root, "raw", "multi.npz"))
            train_data, train_labels = [data[f] for f in data.files]
            self._process_and_save(train_data, train_labels)
        else:
            data = torch.load(os.path.join(root, "processed", "multi.pt"))
            self.train_data, self.train_labels = data["train_data"], data["train_labels"]

    def _process_and_save(self, train_data, train_labels):
        self.train_data = torch.from_numpy(train_data).float() / 255
        self.train_labels = torch.from_numpy(train_labels).long()
        torch.save({"train_data": self.train_data, "train_labels": self.train_labels},
                   os.path.join(self.root, "processed", "multi.pt"))


def stats(path, fresh):
    if fresh:
        scores = np.zeros(3)
    else:
        scores = torch.zeros(3)
    torch.save({"scores": scores}, path)
    return torch.load(path)  # finding: torch-load-saved-objects
