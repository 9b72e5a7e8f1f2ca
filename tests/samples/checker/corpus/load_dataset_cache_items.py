# A data silo caches its whole Dataset objects by key (self.data["train"]): torch.save of a Subset or of a
# project's ConcatDataset subclass is refused by weights_only=True on torch 2.15 ("Unsupported global: GLOBAL
# torch.utils.data.dataset.Subset"). The cache pattern: the loads are the other bindings of the same items.
import torch
from torch.utils.data import Subset
from silo_lib.dataset import ConcatTensorDataset


class DataSilo:
    def __init__(self, processor):
        self.processor = processor
        self.data = {}
        self.stats = {}

    def _get_dataset(self, filename):
        datasets = [self.processor.dataset_from_file(filename)]
        concat_datasets = ConcatTensorDataset(datasets)
        return concat_datasets, ["input_ids"]

    def _load_data(self, train_file, test_file):
        self.data["train"], self.tensor_names = self._get_dataset(train_file)
        if test_file:
            self.data["test"], _ = self._get_dataset(test_file)
        else:
            self.data["test"] = None
        if self.processor.dev_split_fn:
            self.data["train"], self.data["dev"] = self.processor.dev_split_fn(self.data["train"])
        else:
            train_idxs, dev_idxs = self.processor.split(len(self.data["train"]))
            new_train = ConcatTensorDataset([Subset(self.data["train"], train_idxs)])
            self.data["dev"] = Subset(self.data["train"], dev_idxs)
            self.data["train"] = new_train
        self.stats["lengths"] = torch.tensor([len(self.data["train"])])
        self.stats["lengths"] = self.stats["lengths"].float()

    def _load_dataset_from_cache(self, cache_dir):
        self.data["train"] = torch.load(cache_dir / "train_dataset")  # finding: torch-load-saved-objects
        dev_dataset_path = cache_dir / "dev_dataset"
        if dev_dataset_path.exists():
            self.data["dev"] = torch.load(dev_dataset_path)  # finding: torch-load-saved-objects
        self.data["test"] = torch.load(cache_dir / "test_dataset")  # finding: torch-load-saved-objects
        self.tensor_names = torch.load(cache_dir / "tensor_names")
        self.stats["lengths"] = torch.load(cache_dir / "lengths")

    def _save_dataset_to_cache(self, cache_dir):
        torch.save(self.data["train"], cache_dir / "train_dataset")
        if self.data["dev"]:
            torch.save(self.data["dev"], cache_dir / "dev_dataset")
        torch.save(self.data["test"], cache_dir / "test_dataset")
        torch.save(self.tensor_names, cache_dir / "tensor_names")
        torch.save(self.stats["lengths"], cache_dir / "lengths")
