# OpenNMT's helper: a comparison, so a bool tensor since torch 1.2 (a uint8 one before)
import torch


def sequence_mask(lengths, max_len=None):
    batch_size = lengths.numel()
    max_len = max_len or lengths.max()
    return torch.arange(0, max_len).type_as(lengths).repeat(batch_size, 1).lt(lengths.unsqueeze(1))


def lengths_of(mask):
    return mask.sum(1)
