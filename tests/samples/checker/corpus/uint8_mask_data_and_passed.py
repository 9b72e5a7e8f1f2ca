# a .byte() padding mask read through .data (scores.data.masked_fill_(pad.data, ...)) after .to(device); a .byte()
# mask built from a list filled in a loop, moved to the GPU under an if, then passed to a method that slices,
# reshapes and expands it before masked_select / masked_scatter_ (a chain of many steps)
import numpy as np
import torch
import torch.nn as nn


def pad_scores(scores, lengths):
    pad = np.ones(scores.shape)
    for row, length in enumerate(lengths):
        pad[row][:length] = 0
    pad = torch.from_numpy(pad).byte().to(scores.device)
    pad = pad.unsqueeze(1).expand(scores.size())
    scores.data.masked_fill_(pad.data, float("-inf"))  # finding: uint8-mask-fill
    return scores


def pad_scores_bool(scores, lengths, device):
    pad = np.ones(scores.shape)
    pad = torch.from_numpy(pad).bool().to(device)
    scores.data.masked_fill_(pad.data, float("-inf"))
    data = torch.from_numpy(pad.numpy().astype(np.uint8))
    return scores, data.data.float()


class Chain(nn.Module):
    def __init__(self, size, use_gpu):
        super().__init__()
        self.size, self.use_gpu = size, use_gpu

    def _forward(self, feats, mask):
        steps, batch = mask.shape
        total = feats[0]
        for step in range(1, steps):
            keep = mask[step, :].view(batch, 1).expand(batch, self.size)
            picked = feats[step].masked_select(keep)  # finding: uint8-mask-fill
            keep = keep.contiguous().view(batch, self.size)
            total.masked_scatter_(keep, picked)  # finding: uint8-mask-fill
        return total

    def forward(self, feats, lengths):
        masks = []
        for length in lengths.tolist():
            masks.append(torch.cat([torch.ones(length), torch.zeros(feats.shape[0] - length)]))
        masks = torch.stack(masks).t().byte()
        if self.use_gpu:
            masks = masks.cuda()
        return self._forward(feats, masks)


class ChainBool(nn.Module):
    def _select(self, feats, mask):
        return feats.masked_select(mask.view(-1))

    def forward(self, feats, lengths):
        masks = []
        for length in lengths.tolist():
            masks.append(torch.arange(feats.shape[0]) < length)
        masks = torch.stack(masks).byte()
        masks = masks > 0
        if feats.is_cuda:
            masks = masks.cuda()
        return self._select(feats, masks)


class Held:
    def __init__(self, size):
        self.data = torch.ones(size).byte()
        self.kept = torch.ones(size) > 0

    def fill(self, x):
        x.masked_fill_(self.data, 0)  # finding: uint8-mask-fill
        return x.masked_fill(self.kept.data, 1)
