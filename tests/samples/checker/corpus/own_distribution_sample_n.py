# seen in: a hard-attention transducer (neural-transducer's model.py) whose own Categorical subclasses torch's
# Distribution and defines sample_n itself; its instances run that method, not torch's deprecated one
import torch
from torch.distributions import Distribution


class Categorical(Distribution):
    def __init__(self, probs):
        self.probs = probs

    def sample_n(self, n):
        return torch.multinomial(self.probs, n, True).t()


def attend(attention):
    sampler = Categorical(attention)
    return sampler.sample_n(4)


def unknown(dist):
    return dist.sample_n(4)  # finding: distribution-sample-n
