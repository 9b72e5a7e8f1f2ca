# seen in: a TVM cost-model GNN whose torch_geometric Dataset keeps one Data graph per data_<i>.pt file (PyG's
# larger-dataset recipe) and returns each load from get(); a load turned into tensors there stays quiet
import os.path as osp

import torch
from torch_geometric.data import Data, Dataset


class ScheduleGraphs(Dataset):
    def __init__(self, root, files, transform=None):
        self.files = files
        super().__init__(root, transform)

    def len(self):
        return len(self.files)

    def get(self, idx):
        data = torch.load(osp.join(self.root, self.files[idx]))  # finding: torch-load-pickled-object
        if self.transform:
            data = self.transform(data)
        return data


class FeatureGraphs(Dataset):
    def get(self, idx):
        arrays = torch.load(osp.join(self.root, f"features_{idx}.pt"))
        return Data(x=arrays["x"], edge_index=arrays["edge_index"])
