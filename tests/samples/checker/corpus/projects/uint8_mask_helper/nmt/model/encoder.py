import torch.nn as nn

from ..utils import get_mask, get_bool_mask, maybe_mask


class Encoder(nn.Module):
    def forward(self, output, lengths, flag):
        bs, dim = output.size(1), output.size(2)
        mask = get_mask(lengths, False, expand=dim, batch_first=True, cuda=False)
        last = output.transpose(0, 1).masked_select(mask).view(bs, dim)  # finding: uint8-mask-fill
        attention = output.masked_fill(get_mask(lengths, True) == 0, 0)
        padded = output.masked_fill(get_bool_mask(lengths), 0)
        either = output.masked_fill(maybe_mask(lengths, flag), 0)
        return last, attention, padded, either
