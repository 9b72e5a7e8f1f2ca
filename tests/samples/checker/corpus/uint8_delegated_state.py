# seen in: a resumable random sampler (an NLI project's data loader): its set_state(state) hands the generator's
# part on to torch.Generator.set_state as a ByteTensor; that call is the generator's method, not a call of the
# sampler's own set_state, so the sampler's state (and the position it reads back) is no uint8 mask
import torch
from torch.utils.data import RandomSampler


class ResumableRandomSampler(RandomSampler):
    def __init__(self, data_source, seed=0):
        super().__init__(data_source)
        self.generator = torch.Generator()
        self.generator.manual_seed(seed)
        self.perm_index = 0
        self.perm = torch.randperm(len(data_source), generator=self.generator)

    def __iter__(self):
        while self.perm_index < len(self.perm):
            self.perm_index += 1
            yield self.perm[self.perm_index - 1].item()

    def set_state(self, state):
        self.perm = torch.tensor(state["perm"], dtype=torch.int)
        self.perm_index = state["perm_index"]
        self.generator.set_state(torch.ByteTensor(state["generator_state"].to("cpu")))


def masked(x, lengths):
    mask = torch.ByteTensor(lengths.size()).zero_()
    return x.masked_fill(mask, 0)  # finding: uint8-mask-fill
