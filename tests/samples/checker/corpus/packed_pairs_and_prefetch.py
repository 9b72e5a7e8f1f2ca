# seen in: the image-captioning tutorial (a-PyTorch-Tutorial-to-Image-Captioning) that unpacks packed scores into a
# pair, and fastNLP's test of its loader wrapper passing prefetch_factor beside num_workers=0; the fields read by
# name, a four-name unpacking, prefetch_factor=None and a worker count from a variable stay quiet
import torch
from torch.nn.utils.rnn import pack_padded_sequence
from torch.utils.data import DataLoader


def caption_loss(scores, targets, lengths, criterion):
    scores, _ = pack_padded_sequence(scores, lengths, batch_first=True)  # finding: packed-sequence-pair-unpack
    targets = pack_padded_sequence(targets, lengths, batch_first=True).data
    return criterion(scores, targets)


def unpacked_fully(x, lengths):
    data, batch_sizes, sorted_indices, unsorted_indices = pack_padded_sequence(x, lengths, batch_first=True)
    return data


def loaders(dataset, workers):
    single = DataLoader(dataset, batch_size=4, prefetch_factor=2)  # finding: dataloader-prefetch-factor-without-workers
    explicit = DataLoader(dataset, num_workers=0, prefetch_factor=2)  # finding: dataloader-prefetch-factor-zero-workers
    fixed = DataLoader(dataset, num_workers=0, prefetch_factor=None)
    chosen = DataLoader(dataset, num_workers=workers, prefetch_factor=2)
    return single, explicit, fixed, chosen
