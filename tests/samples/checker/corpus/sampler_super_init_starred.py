# seen in: a triplet re-identification trainer (CoinCheung's triplet-reid-pytorch): the batch sampler hands its dataset
# to Sampler.__init__ ahead of *args and **kwargs; the dataset is passed positionally whatever they hold, and 2.15's
# Sampler takes no argument (TypeError). Only *args, nothing spelled before it, may be empty.
from torch.utils.data import Sampler


class BatchSampler(Sampler):
    def __init__(self, dataset, n_class, n_num, *args, **kwargs):
        super(BatchSampler, self).__init__(dataset, *args, **kwargs)  # finding: sampler-data-source
        self.dataset, self.batch_size = dataset, n_class * n_num


class PassingSampler(Sampler):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
