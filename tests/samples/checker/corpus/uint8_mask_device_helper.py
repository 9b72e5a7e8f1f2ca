# seen in: a batched attention seq2seq (PyTorch-Batch-Attention-Seq2seq) whose mask goes through `cuda_`, a one-argument
# device helper the file does not define; `cuda_`, `to_cuda` and `to_var` hand the tensor back moved, its dtype kept
# (`var(x)` is not one of them)
import torch
import torch.nn.functional as F
from helpers import *  # noqa: F403


def attend(energies, lengths, width):
    rows = [[0] * n + [1] * (width - n) for n in lengths]
    mask = cuda_(torch.ByteTensor(rows).unsqueeze(1))  # noqa: F405
    energies = energies.masked_fill(mask, -1e18)  # finding: uint8-mask-fill
    kept = to_var(torch.ByteTensor(rows))  # noqa: F405
    picked = energies[kept]  # finding: uint8-mask-condition
    spread = var(torch.ByteTensor(rows))  # noqa: F405
    return F.softmax(energies, dim=-1), picked, energies.masked_fill(spread, 0)
