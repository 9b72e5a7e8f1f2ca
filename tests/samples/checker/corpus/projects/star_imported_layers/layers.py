# TranAD's src/dlutils.py: its own TransformerEncoderLayer, copied from torch 1.x, under torch's name
import torch.nn as nn


class TransformerEncoderLayer(nn.Module):
    def __init__(self, d_model, nhead, dim_feedforward=16, dropout=0.1):
        super().__init__()
        self.self_attn = nn.MultiheadAttention(d_model, nhead, dropout=dropout)
        self.linear = nn.Linear(d_model, dim_feedforward)

    def forward(self, src, src_mask=None, src_key_padding_mask=None):
        return self.self_attn(src, src, src, attn_mask=src_mask)[0]
