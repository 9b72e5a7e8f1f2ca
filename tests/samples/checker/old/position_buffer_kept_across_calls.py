# A fairseq-era helper that keeps an arange buffer on the function object and refills it for longer inputs.
# expect: still-warns-on-2.15#non-empty-out-tensors-that-get-resized
import torch


def positions(tokens, pad):
    limit = pad + 1 + tokens.size(1)
    if not hasattr(positions, "cache"):
        positions.cache = tokens.new()
    if positions.cache.numel() < limit:
        torch.arange(pad + 1, limit, out=positions.cache)
    return positions.cache[:tokens.size(1)].expand_as(tokens)
