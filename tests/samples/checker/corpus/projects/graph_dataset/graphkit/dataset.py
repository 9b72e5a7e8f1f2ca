# seen in: snap-stanford/ogb ogb/graphproppred/dataset_pyg.py (an InMemoryDataset saving self.collate(...)'s
# Data object as is, not PyG's own data.to_dict()), and the split file another module of the project writes
import os.path as osp

import torch
from torch_geometric.data import InMemoryDataset
from torch_sparse import SparseTensor


class GraphDataset(InMemoryDataset):
    def __init__(self, root):
        super().__init__(root)
        self.data, self.slices = torch.load(self.processed_paths[0])  # finding: torch-load-saved-objects

    def get_idx_split(self, root):
        return torch.load(osp.join(root, "split", "split_dict.pt"))  # finding: torch-load-saved-in-project

    def get_meta(self, root):
        return torch.load(osp.join(root, "split", "meta.pt"))  # meta.pt: saved as whatever the caller passes

    def process(self, data_list):
        data, slices = self.collate(data_list)
        torch.save((data, slices), self.processed_paths[0])


class AdjacencyCache:
    def prepare(self, root, row, col):
        path = f"{root}/adj_symmetric.pt"
        adj_t = SparseTensor(row=row, col=col)
        torch.save(adj_t.to_symmetric(), path)

    def setup(self, root):
        path = f"{root}/adj_symmetric.pt"
        self.adj_t = torch.load(path)  # finding: torch-load-saved-objects


# A look-alike that loads: a plain index cache.
class IndexCache:
    def prepare(self, root, n):
        path = f"{root}/order.pt"
        torch.save(torch.randperm(n).tolist(), path)

    def setup(self, root):
        return torch.load(f"{root}/order.pt")
