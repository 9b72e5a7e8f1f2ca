# What a name holds in another branch says nothing of a torch.load: a branch that never falls through (its last
# statement an if whose branches both return or raise) leaves nothing behind, and a value no call made (an h5
# dataset slice) is not the load. Bare feature tensors saved with torch.save(torch.from_numpy(a)) load as they are.
import os

import h5py
import torch


class FeatureBag:
    def __getitem__(self, idx):
        slide_id = self.slide_ids[idx]
        if not self.use_h5:
            if self.data_dir:
                features = torch.load(os.path.join(self.data_dir, "pt_files", f"{slide_id}.pt"))
                return features, idx
            else:
                return slide_id, idx
        else:
            with h5py.File(os.path.join(self.data_dir, "h5_files", f"{slide_id}.h5"), "r") as hdf5_file:
                features = hdf5_file["features"][:]
            features = torch.from_numpy(features)
            return features, idx


def restore(path, cached, h5_path):
    if cached:
        if path:
            block = torch.load(path)
            return block
        else:
            raise ValueError(path)
    else:
        with h5py.File(h5_path, "r") as hdf5_file:
            block = hdf5_file["features"][:]
    return torch.from_numpy(block)


def item_array(path):
    data = torch.load(path)  # finding: torch-load-pickled-object
    arr = data["features"]
    return torch.from_numpy(arr)


def whole_array(path):
    arr = torch.load(path)  # finding: torch-load-pickled-object
    return torch.from_numpy(arr)
