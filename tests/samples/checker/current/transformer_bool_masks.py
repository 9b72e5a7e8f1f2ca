import torch
import torch.nn as nn


class Decoder(nn.Module):
    def __init__(self, dim, heads, layers):
        super().__init__()
        self.model = nn.TransformerDecoder(nn.TransformerDecoderLayer(dim, heads), layers)

    def forward(self, tgt, memory, pad_id, tokens):
        size = tgt.size(0)
        tgt_mask = torch.triu(torch.ones(size, size, dtype=torch.bool, device=tgt.device), diagonal=1)
        return self.model(tgt, memory, tgt_mask=tgt_mask, tgt_key_padding_mask=tokens == pad_id)
