# seen in: an NLP utility that builds a length mask by indexing each row with a list of slices made by a
# comprehension (lengths_to_mask); a comprehension of integers is ordinary advanced indexing
import torch


def lengths_to_mask(*lengths):
    mask = torch.zeros(len(lengths[0]), max(lengths[0]))
    for i, length in enumerate(zip(*lengths)):
        mask[i][[slice(int(n)) for n in length]].fill_(1)  # finding: non-tuple-sequence-index
    return mask


def pick_rows(x, rows):
    return x[[int(r) for r in rows]]


def crop(x, sizes, keep):
    return x[[slice(0, s) if k else None for s, k in zip(sizes, keep)]]  # finding: non-tuple-sequence-index
