# seen in: a handwriting recognizer's balanced batch sampler (AttentionHTR's model/dataset.py, after deep-text-
# recognition-benchmark): one DataLoader per dataset, their iterators appended to a list, then `.next()` on each in
# a loop and again on a fresh iterator after StopIteration; gone since 1.13 (AttributeError)
import torch


class BalancedBatches:
    def __init__(self, datasets, batch_sizes):
        self.loaders = []
        self.iterators = []
        for dataset, size in zip(datasets, batch_sizes):
            loader = torch.utils.data.DataLoader(dataset, batch_size=size, shuffle=True)
            self.loaders.append(loader)
            self.iterators.append(iter(loader))
        self.own = []
        self.own.append(Cycle())

    def get_batch(self):
        images = []
        for i, loader_iter in enumerate(self.iterators):
            try:
                images.append(loader_iter.next())  # finding: dataloader-iterator-next
            except StopIteration:
                self.iterators[i] = iter(self.loaders[i])
                images.append(self.iterators[i].next())  # finding: dataloader-iterator-next
        for cycle in self.own:
            images.append(cycle.next())  # the project's own iterator class keeps its next
        return images


class Cycle:
    def next(self):
        return None
