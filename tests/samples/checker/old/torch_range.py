# expect: data-nn-and-optim#chain_matmul-and-torchrange-still-warn
import torch


def bin_edges(lo, hi, step):
    return torch.range(lo, hi, step)
