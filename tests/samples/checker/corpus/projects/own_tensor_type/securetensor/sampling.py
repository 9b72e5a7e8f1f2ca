import torch


def weighted_index(self, dim=0):
    x = self.cumsum(dim)
    r = torch.rand(1)
    gt = x.gt(r)
    shifted = gt.roll(1, dims=dim)
    return gt - shifted


def plain_mask(target, ignore):
    keep = torch.eq(target, ignore)
    return 1 - keep  # finding: bool-mask-subtraction
