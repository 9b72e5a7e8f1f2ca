# expect: removed-and-legacy-calls#pack_padded_sequence-lengths-on-the-gpu
import torch
from torch.nn.utils.rnn import pack_padded_sequence


def encode(embedded, lengths, device):
    lengths = lengths.to(device)
    return pack_padded_sequence(embedded, lengths, batch_first=True)
