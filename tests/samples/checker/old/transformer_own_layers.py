# expect: removed-and-legacy-calls#a-projects-own-layers-in-transformerencoder
import torch.nn as nn


class Layer(nn.Module):
    def forward(self, src, src_mask=None, src_key_padding_mask=None):
        return src


def encode(x):
    encoder = nn.TransformerEncoder(Layer(), 2)
    return encoder(x)
