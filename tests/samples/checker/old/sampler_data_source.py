# expect: data-nn-and-optim#sampler-data_source-argument
from torch.utils.data import Sampler


class EveryOther(Sampler):
    def __init__(self, data_source):
        super().__init__(data_source)
        self.data_source = data_source

    def __iter__(self):
        return iter(range(0, len(self.data_source), 2))
