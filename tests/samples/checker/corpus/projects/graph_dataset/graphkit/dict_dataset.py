# A look-alike that loads: PyG's own layout (InMemoryDataset.save stores data.to_dict(), a dict of tensors).
import torch
from torch_geometric.data import InMemoryDataset


class DictDataset(InMemoryDataset):
    def __init__(self, root):
        super().__init__(root)
        data, self.slices = torch.load(self.processed_paths[0])

    def process(self, data_list):
        data, slices = self.collate(data_list)
        torch.save((data.to_dict(), slices), self.processed_paths[0])
