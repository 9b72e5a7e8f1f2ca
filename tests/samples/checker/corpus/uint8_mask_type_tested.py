# a wrapper's __getitem__/__setitem__ that accepts only uint8 masks (the branch under a ByteTensor type test) and
# hands them to masked_select / masked_scatter_ / masked_fill_; the usual compatibility shim that converts the uint8
# mask first, a bool-only branch and a test of another name stay quiet
import torch


class Masked:
    def __init__(self, values):
        self.values = values

    def __getitem__(self, index):
        if index.type() == "torch.ByteTensor" or index.type() == "torch.cuda.ByteTensor":
            return self.values.masked_select(index)  # finding: uint8-mask-fill
        raise RuntimeError("masks must be byte tensors")

    def __setitem__(self, index, value):
        if isinstance(index, torch.ByteTensor):
            if torch.is_tensor(value):
                self.values.masked_scatter_(index, value)  # finding: uint8-mask-fill
            else:
                self.values.masked_fill_(index, value)  # finding: uint8-mask-fill


def fill(scores, mask, other):
    if mask is not None and mask.dtype == torch.uint8:
        mask = mask.bool()
        scores = scores.masked_fill(mask, 0.0)
    if mask.dtype == torch.bool:
        scores = scores.masked_fill(mask, 0.0)
    if other.dtype == torch.uint8:
        scores = scores.masked_fill(mask, 1.0)
    if mask.dtype != torch.uint8:
        scores = scores.masked_fill(mask, 2.0)
    return scores


def subtract(mask):
    if mask.dtype == torch.uint8:
        return 1 - mask
    return ~mask
