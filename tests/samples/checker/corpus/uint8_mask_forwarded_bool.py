# seen in: decoders handing a comparison-built (bool) mask on by keyword through a block to masked_fill; the
# file makes a uint8 tensor elsewhere, which never reaches the mask: quiet
import torch
from torch import nn


class Attention(nn.Module):
    def forward(self, scores, mask=None):
        if mask is not None:
            scores = scores.masked_fill(mask[..., None], -float("inf"))
        return scores


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.attention = Attention()

    def forward(self, scores, mask=None):
        return self.attention(scores, mask=mask)


class Decoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([Block()])

    def forward(self, scores, lengths):
        frame = torch.ones(3).byte()
        causal = torch.arange(scores.size(0))[None] >= lengths[:, None]
        for block in self.blocks:
            scores = block(scores, mask=causal)
        return scores, frame
