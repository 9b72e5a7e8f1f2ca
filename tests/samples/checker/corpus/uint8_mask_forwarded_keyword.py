# seen in: Transformer-XL style decoders whose blocks hand the attention mask on by keyword (mask=mask) to an
# attention layer that fills through it; the mask is made once with .byte(), the line reported. A second stack
# builds its mask with a comparison (bool): quiet.
import torch
from torch import nn


class Attention(nn.Module):
    def forward(self, scores, mask=None):
        if mask is not None and mask.any().item():
            scores = scores.masked_fill(mask[..., None], -float("inf"))
        return scores.softmax(dim=1)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.attention = Attention()

    def forward(self, scores, mask=None):
        return self.attention(scores, mask=mask)


class Decoder(nn.Module):
    def __init__(self, depth):
        super().__init__()
        self.blocks = nn.ModuleList([Block() for _ in range(depth)])

    def forward(self, scores, past):
        causal = torch.triu(torch.ones((scores.size(0), scores.size(0) + past)), diagonal=1 + past).byte()[..., None].to(scores.device)  # finding: uint8-mask-fill
        for block in self.blocks:
            scores = block(scores, mask=causal)
        return scores
