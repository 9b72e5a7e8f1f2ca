# seen in: masked-language-model pretraining scripts that index with a bool mask and, where that fails (torch before
# 1.2), retry with the mask made uint8: the retry never runs on 2.15; a uint8 mask used outside such a retry does
import torch


def mask_tokens(inputs, labels, probability):
    masked_indices = torch.bernoulli(torch.full(labels.shape, probability)).bool()
    try:
        labels[~masked_indices] = -100
    except:  # noqa: E722
        masked_indices = masked_indices.byte()
        labels[~masked_indices] = -100
    return inputs, labels


def old_mask(scores, lengths):
    mask = torch.zeros_like(scores).byte()
    return scores.masked_fill(mask, 0)  # finding: uint8-mask-fill
