# the attention inverts the helper's mask with 1 - mask, the uint8 idiom: on a bool tensor that raises
import torch.nn.functional as F

from onmt.utils import lengths_of, sequence_mask


def masked_scores(align, memory_lengths):
    mask = sequence_mask(memory_lengths)
    mask = mask.unsqueeze(1)
    align.masked_fill_(1 - mask, -float("inf"))  # finding: bool-mask-subtraction
    return F.softmax(align, dim=-1)


def shifted(lengths, mask):
    return 1 - lengths_of(mask)
