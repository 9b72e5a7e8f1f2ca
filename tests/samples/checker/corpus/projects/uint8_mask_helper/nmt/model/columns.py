import torch.nn as nn

from ..utils import length_to_mask, length_to_mask_maybe


class ColumnPredictor(nn.Module):
    def forward(self, cols, col_len):
        col_mask = length_to_mask(col_len).squeeze(2).to(cols.device)
        cols = cols.masked_fill_(col_mask, -100)  # finding: uint8-mask-fill
        either = cols.masked_fill(length_to_mask_maybe(col_len, True), 0)
        return cols, either
