# seen in: loaders that vendor the pre-1.0 default_collate (stacking into a 1-D shared-memory tensor) and fairseq-style
# position helpers that keep an arange buffer on the function object; an out= made to the right shape, or empty,
# stays quiet
import torch


def collate_shared(batch, in_worker):
    out = None
    if in_worker:
        numel = sum(x.numel() for x in batch)
        storage = batch[0].storage()._new_shared(numel)  # finding: tensor-storage-method
        out = batch[0].new(storage)
    return torch.stack(batch, 0, out=out)  # finding: out-resized


def collate_resized(batch):
    numel = sum(x.numel() for x in batch)
    storage = batch[0].storage()._new_shared(numel)  # finding: tensor-storage-method
    out = batch[0].new(storage).resize_(len(batch), *batch[0].size())
    return torch.stack(batch, 0, out=out)


def collate_resized_later(batch):
    storage = batch[0].storage()._new_shared(sum(x.numel() for x in batch))  # finding: tensor-storage-method
    out = batch[0].new(storage)
    out.resize_(len(batch), *batch[0].size())
    return torch.stack(batch, 0, out=out)


def positions(tokens, pad):
    limit = pad + 1 + tokens.size(1)
    if not hasattr(positions, "buf"):
        positions.buf = tokens.new()
    if positions.buf.numel() < limit:
        torch.arange(pad + 1, limit, out=positions.buf)  # finding: out-resized
    return positions.buf[:tokens.size(1)].expand_as(tokens)


def fill_once(tokens, cache):
    buf = tokens.new()
    torch.arange(0, tokens.size(1), out=buf)
    if cache.numel() < tokens.size(1):
        torch.arange(0, tokens.size(1), out=cache)
    empty = torch.empty(0)
    return torch.stack([tokens, tokens], 0, out=empty), buf
