# seen in: an MC-dropout layer that draws its mask in a method of its own (a uint8 tensor filled by bernoulli_) and
# fills the dropped units with masked_fill, which takes bool masks only since 2.x
import torch
from torch import nn


class MCDropout(nn.Module):
    def __init__(self, p=0.5):
        super().__init__()
        self.p = p
        self.mask = None

    def _create_mask(self, x, k):
        return torch.empty([1, k, *x.shape[1:]], dtype=torch.uint8, device=x.device).bernoulli_(self.p)

    def _create_bool_mask(self, x, k):
        return torch.empty([1, k, *x.shape[1:]], device=x.device).bernoulli_(self.p).bool()

    def forward(self, x, k):
        if self.training:
            mask = self._create_mask(x, k)
        else:
            if self.mask is None:
                self.mask = self._create_mask(x, k)
            mask = self.mask
        return x.masked_fill(mask, 0) / (1 - self.p)  # finding: uint8-mask-fill

    def sample(self, x, k):
        return x.masked_fill(self._create_bool_mask(x, k), 0)
