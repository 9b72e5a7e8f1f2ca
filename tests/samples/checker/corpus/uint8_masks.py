# seen in: fastMRI's adaptive VarNet (torch.where(mask.byte(), ...)), DeepRL's option-critic agent (a .byte()
# attribute handed to a method's torch.where), transformer-xl (a .byte() causal mask reaching masked_fill through
# the attention layers' attn_mask keyword) and jukebox's top-p filter (a dtype=uint8 mask, then x[mask] = v)
import numpy as np
import torch
import torch.nn as nn


def data_consistency(kspace, ref, mask, zero):
    return kspace - torch.where(mask.byte(), kspace - ref, zero)  # finding: uint8-mask-condition


def data_consistency_bool(kspace, ref, mask, zero):
    return kspace - torch.where(mask.bool(), kspace - ref, zero)


def top_p_filter(logits, sorted_indices, remove, top_k, top_p):
    if top_k > 0:
        drop = logits < torch.topk(logits, top_k, dim=-1)[0][..., -1:]
        logits[drop] = -float("inf")
    if top_p > 0:
        drop = torch.zeros_like(logits, dtype=torch.uint8).scatter_(dim=-1, index=sorted_indices, src=remove)
        logits[drop] = -float("inf")  # finding: uint8-mask-fill
    return logits


def select(values, flags):
    keep = torch.ByteTensor(flags)
    picked = values.masked_select(keep)  # finding: uint8-mask-fill
    again = values.masked_select(keep == 1)
    first = values[keep.to(torch.bool)]
    return picked, again, first


def image_statistics(batch):
    image = (batch * 255).to(torch.uint8)  # a uint8 image is data, not a mask
    bright = image[image > 128]
    where = torch.where(image)  # one argument: the indices, no warning
    table = np.where(image.numpy() > 3, 1, 0)
    return bright.float().mean(), where, table


class OptionAgent:
    def __init__(self, workers):
        self.initial = torch.ones(workers).byte()

    def sample(self, options, greedy, initial):
        return torch.where(initial, greedy, options)  # finding: uint8-mask-condition

    def step(self, options, greedy, done):
        chosen = self.sample(options, greedy, self.initial)
        self.initial = torch.tensor(done).byte()
        return chosen


class Chooser:
    def pick(self, a, b, flag):
        return torch.where(flag, a, b)

    def run(self, a, b):
        first = self.pick(a, b, (a > 0).byte())
        return first, self.pick(a, b, a > b)  # one caller passes a bool: not provably uint8


class Attention(nn.Module):
    def forward(self, scores, attn_mask=None):
        if attn_mask is not None:
            scores = scores.masked_fill(attn_mask[:, :, None], -float("inf"))
        return scores.softmax(dim=1)


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = Attention()

    def forward(self, x, layer_mask=None):
        return self.attn(x, attn_mask=layer_mask)


class Decoder(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.layers = nn.ModuleList([Layer() for _ in range(n)])

    def forward(self, x, qlen, klen):
        causal = torch.triu(x.new_ones(qlen, klen), diagonal=1).byte()  # finding: uint8-mask-fill
        for layer in self.layers:
            x = layer(x, layer_mask=causal)
        return x


def rebound(x):
    mask = (x > 0).byte()
    mask = mask.bool()
    return x.masked_fill(mask, 0.0)


# seen in: zju3dv/clean-pvnet ransac_voting_gpu.py: a .byte() mask kept in a local, then wrapped in the function form
# torch.unsqueeze (twice) into masked_select: RuntimeError "masked_select: expected BoolTensor for mask" (run on 2.15)
def voting(vertex, mask, bi):
    cur_mask = (mask[bi]).byte()
    direct = vertex[bi].masked_select(torch.unsqueeze(torch.unsqueeze(cur_mask, 2), 3))  # finding: uint8-mask-fill
    flat = vertex[bi].masked_select(torch.unsqueeze(torch.unsqueeze(cur_mask > 0, 2), 3))
    return direct, flat
