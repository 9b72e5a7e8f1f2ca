# seen in: THUDM/CogDL cogdl/datasets/planetoid_data.py, rec_data.py (process() saves what a read_* helper of the
# file returns, a cogdl Graph built two helpers down; __init__ loads the same processed path: weights_only=True
# refuses the project's Graph class on torch 2.15 with "Unsupported global")
import os.path as osp

import torch
from cogdl.data import Dataset, Graph


def build_graph(x, edge_index, y):
    data = Graph(x=x, edge_index=edge_index, y=y)
    data.train_mask = y > 0
    return data


def read_citation_data(folder):
    x = torch.load(osp.join(folder, "x.pt"))
    edge_index = torch.load(osp.join(folder, "edges.pt"))
    y = torch.load(osp.join(folder, "y.pt"))
    data = build_graph(x, edge_index, y)
    return data


def read_plain_tensors(folder):
    return {"x": torch.zeros(3), "y": torch.ones(3)}


class Citation(Dataset):
    def __init__(self, root):
        super().__init__(root)
        self.data = torch.load(self.processed_paths[0])  # finding: torch-load-saved-objects

    def process(self):
        data = read_citation_data(self.raw_dir)
        torch.save(data, self.processed_paths[0])


class Tensors(Dataset):
    def __init__(self, root):
        super().__init__(root)
        self.data = torch.load(self.processed_paths[1])

    def process(self):
        torch.save(read_plain_tensors(self.raw_dir), self.processed_paths[1])
