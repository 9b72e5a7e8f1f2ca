# expect: removed-and-legacy-calls#a-projects-own-layers-in-transformerdecoder
import torch.nn as nn


class DecoderLayer(nn.Module):
    def forward(self, tgt, memory, tgt_mask=None, memory_mask=None, tgt_key_padding_mask=None,
                memory_key_padding_mask=None):
        return tgt


def decode(tgt, memory):
    decoder = nn.TransformerDecoder(DecoderLayer(), 2)
    return decoder(tgt, memory)
