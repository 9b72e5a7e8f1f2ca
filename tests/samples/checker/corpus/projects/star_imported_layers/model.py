# seen in: TranAD's models.py, which star-imports its own layer and stacks it with torch's TransformerEncoder
import torch.nn as nn
from torch.nn import TransformerEncoder

from layers import *


class TranAD(nn.Module):
    def __init__(self, feats):
        super().__init__()
        encoder_layers = TransformerEncoderLayer(d_model=feats, nhead=feats, dim_feedforward=16, dropout=0.1)
        self.transformer_encoder = TransformerEncoder(encoder_layers, 1)

    def forward(self, src):
        return self.transformer_encoder(src)  # finding: transformer-layer-missing-is-causal
