# expect: still-warns-on-2.15#transformer-masks-of-two-types
import torch.nn as nn


class Decoder(nn.Module):
    def __init__(self, dim, heads, layers):
        super().__init__()
        self.model = nn.TransformerDecoder(nn.TransformerDecoderLayer(dim, heads), layers)

    def forward(self, tgt, memory, pad_id, tokens):
        tgt_mask = nn.Transformer.generate_square_subsequent_mask(tgt.size(0)).to(tgt.device)
        return self.model(tgt, memory, tgt_mask=tgt_mask, tgt_key_padding_mask=tokens == pad_id)
