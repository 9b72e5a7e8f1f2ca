import torch
import torch.nn as nn
import torch.nn.functional as F


def current(a, b, theta, x, w):
    vals, vecs = torch.linalg.eigh(a, UPLO="U")
    sol = torch.linalg.solve(a, b)
    rank = torch.linalg.matrix_rank(a, hermitian=True)
    q = None  # torch.jit.quantized has no torch replacement that does not warn: torchao's quantize_
    probs = F.softmax(x, dim=-1) + F.log_softmax(x, 1) + nn.Softmax(dim=1)(x) + torch.softmax(x, -1)
    grid = F.affine_grid(theta, x.size(), align_corners=False)
    out = F.grid_sample(x, grid, align_corners=False)
    nn.init.xavier_uniform_(w)
    nn.init.constant_(w, 0.0)
    torch.cuda.reset_peak_memory_stats()
    kl = F.kl_div(probs.log(), probs, reduction="batchmean") + nn.KLDivLoss(reduction="batchmean")(probs.log(), probs)
    return vals, vecs, sol, rank, q, probs, out, kl


# torch._six and torch._utils._accumulate: their public homes, and private names 2.15 still has
import collections.abc
import itertools
import math

from torch._utils import _flatten_dense_tensors, _unflatten_dense_tensors
from torch.ao.quantization import DeQuantStub, QuantStub, fuse_modules, get_default_qconfig

string_classes = (str, bytes)
offsets = list(itertools.accumulate([1, 2, 3]))
assert isinstance({}, collections.abc.Mapping) and math.isinf(math.inf)
flat = _flatten_dense_tensors([torch.ones(2), torch.zeros(3)])
parts = _unflatten_dense_tensors(flat, [torch.ones(2), torch.zeros(3)])
stubs = torch.nn.Sequential(QuantStub(), torch.nn.Conv2d(3, 3, 1), torch.nn.ReLU(), DeQuantStub())
fused = fuse_modules(stubs.eval(), [["1", "2"]])
fused.qconfig = get_default_qconfig("x86")


def first_batch(train_loader):
    return next(iter(train_loader))


def packed_scores(scores, lengths):
    from torch.nn.utils.rnn import pack_padded_sequence
    return pack_padded_sequence(scores, lengths, batch_first=True).data


def sample_action(probs):
    return probs.multinomial(1)
