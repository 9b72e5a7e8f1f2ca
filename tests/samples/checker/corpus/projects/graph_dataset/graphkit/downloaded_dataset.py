# seen in: divelab/DIG dig/oodgraph/good_*.py (an InMemoryDataset whose processed files come in a downloaded zip,
# written upstream by process() as torch.save(self.collate(data_list)): a pickled Data object)
import torch
from torch_geometric.data import InMemoryDataset


class DownloadedDataset(InMemoryDataset):
    def __init__(self, root, subset=0):
        super().__init__(root)
        self.data, self.slices = torch.load(self.processed_paths[subset])  # finding: torch-load-saved-objects

    def download(self):
        pass  # fetches and unzips the processed files


# A look-alike that loads: a pair that is no collated dataset (two tensors saved by the caller).
class SplitIndex:
    def __init__(self, path):
        self.train_idx, self.test_idx = torch.load(path)
