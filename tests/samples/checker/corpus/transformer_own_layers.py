# seen in: TranAD (src/dlutils.py's TransformerEncoderLayer and TransformerDecoderLayer, copies of torch 1.x's, stacked by
# nn.TransformerEncoder/Decoder in models.py). The stack passes is_causal= (2.0) and tgt_is_causal= (2.1) to each layer;
# a forward without them raises TypeError where the stack is called. A layer taking **kwargs, or torch's own, is fine.
import torch
import torch.nn as nn
from torch.nn import TransformerDecoder, TransformerEncoder


class EncoderLayer(nn.Module):
    def __init__(self, d_model, nhead):
        super().__init__()
        self.self_attn = nn.MultiheadAttention(d_model, nhead)

    def forward(self, src, src_mask=None, src_key_padding_mask=None):
        return self.self_attn(src, src, src)[0]


class DecoderLayer(nn.Module):
    def __init__(self, d_model, nhead):
        super().__init__()
        self.self_attn = nn.MultiheadAttention(d_model, nhead)

    def forward(self, tgt, memory, tgt_mask=None, memory_mask=None, tgt_key_padding_mask=None,
                memory_key_padding_mask=None):
        return self.self_attn(tgt, memory, memory)[0]


class OpenLayer(nn.Module):
    def forward(self, src, **kwargs):
        return src


class Model(nn.Module):
    def __init__(self, feats):
        super().__init__()
        encoder_layers = EncoderLayer(feats, 2)
        self.transformer_encoder = TransformerEncoder(encoder_layers, 1)
        self.transformer_decoder = TransformerDecoder(DecoderLayer(feats, 2), 1)
        self.open = nn.TransformerEncoder(OpenLayer(), 1)
        self.native = nn.TransformerEncoder(nn.TransformerEncoderLayer(feats, 2), 1)

    def forward(self, src, tgt):
        memory = self.transformer_encoder(src)  # finding: transformer-layer-missing-is-causal
        out = self.transformer_decoder(tgt, memory)  # finding: transformer-decoder-layer-missing-is-causal
        return self.open(out) + self.native(out)


def script(x):
    stack = nn.TransformerEncoder(EncoderLayer(8, 2), 2)
    return stack(x)  # finding: transformer-layer-missing-is-causal
