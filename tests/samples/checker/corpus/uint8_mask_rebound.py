# seen in: masked language model trainers that pick prediction positions as uint8 masks under branches
import numpy as np
import torch


def mask_out(x, params, sample):
    slen, bs = x.size()
    if sample:
        pred_mask = np.random.rand(slen, bs) <= params.word_pred
        pred_mask = torch.from_numpy(pred_mask.astype(np.uint8))
    else:
        pred_mask = torch.zeros(slen * bs, dtype=torch.uint8)
        pred_mask = pred_mask.view(slen, bs)
    if params.fp16:
        pred_mask = pred_mask.view(-1)
        pred_mask = pred_mask.view(slen, bs)
    real = x[pred_mask]  # finding: uint8-mask-condition
    return x.masked_scatter(pred_mask, real), real  # finding: uint8-mask-fill


def keep_bool(x, p, sample):
    if sample:
        keep = torch.from_numpy((np.random.rand(*x.shape) < p).astype(np.uint8))
        keep = keep.bool()
    else:
        keep = x > 0
    if p > 0.5:
        keep = keep.view(-1)
        keep = keep.view(x.shape)
    return x.masked_fill(keep, 0)


def looped(x, steps):
    mask = x > 0
    for _ in range(steps):
        mask = mask.view(-1)
        mask = mask.view(x.shape)
    return x.masked_fill(mask, 0)


def overwritten_later(x, p):
    if p:
        mask = (x > 0).byte()
        mask = x < 0
    else:
        mask = x == 0
    return x.masked_fill(mask, 0)
