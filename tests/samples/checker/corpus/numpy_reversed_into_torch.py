# seen in: akanimax/T2F's copy of InferSent's models.py (np.sort(sent_len)[::-1] as pack_padded_sequence lengths,
# written for 0.4, whose Python pack only iterated over them) and BGR->RGB flips made tensors without a copy
import numpy as np
import torch
from torch import nn


def encode(lstm, sent, sent_len):
    sent_len, idx_sort = np.sort(sent_len)[::-1], np.argsort(-sent_len)
    packed = nn.utils.rnn.pack_padded_sequence(sent, sent_len)  # finding: numpy-negative-stride
    order = torch.from_numpy(idx_sort)
    return lstm(packed), order


def to_tensor(image):
    rgb = image[:, :, ::-1]
    flipped = torch.from_numpy(rgb)  # finding: numpy-negative-stride
    copied = torch.from_numpy(rgb.copy())
    listed = torch.tensor([3, 2, 1][::-1])  # a list read backwards is a new list: fine
    return flipped, copied, listed, torch.as_tensor(np.flip(image))  # finding: numpy-negative-stride


def lengths_as_list(sent, lengths):
    lengths = np.sort(lengths)[::-1]
    lengths = lengths.tolist()
    return nn.utils.rnn.pack_padded_sequence(sent, lengths)
