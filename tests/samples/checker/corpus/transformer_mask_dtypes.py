# seen in: audio-captioning decoders and a math-word-problem transformer that build the tutorial's float causal mask
# (-inf above the diagonal) and pass a bool padding mask beside it; subclasses call the base class's decoder. Masks
# of one dtype, a float padding mask, a memory padding mask with no memory mask, and a receiver that is not a torch
# module stay quiet
import math

import torch
import torch.nn as nn


class CaptionDecoder(nn.Module):
    def __init__(self, dim, heads, layers):
        super().__init__()
        self.model = nn.TransformerDecoder(nn.TransformerDecoderLayer(dim, heads), layers)

    def generate_square_subsequent_mask(self, size):
        mask = (torch.triu(torch.ones(size, size)) == 1).transpose(0, 1)
        return mask.float().masked_fill(mask == 0, float("-inf")).masked_fill(mask == 1, float(0.0))

    def forward(self, embed, memory, batch):
        tgt_mask = self.generate_square_subsequent_mask(embed.size(0)).to(embed.device)
        return self.model(embed, memory, tgt_mask=tgt_mask,  # finding: transformer-mask-dtype-mismatch
                          tgt_key_padding_mask=batch["cap_padding_mask"])

    def memory_only(self, embed, memory, memory_padding):
        tgt_mask = self.generate_square_subsequent_mask(embed.size(0))
        return self.model(embed, memory, tgt_mask=tgt_mask, memory_key_padding_mask=memory_padding)


class KeywordDecoder(CaptionDecoder):
    def forward(self, embed, memory, tokens, pad):
        tgt_mask = self.generate_square_subsequent_mask(embed.size(0))
        padding = tokens == pad
        return self.model(embed, memory, tgt_mask=tgt_mask, tgt_key_padding_mask=padding)  # finding: transformer-mask-dtype-mismatch


class Seq2Seq(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.transformer = nn.Transformer(dim, 2, 1, 1, 4 * dim)
        self.trg_mask = None

    def forward(self, src, trg, pad):
        self.trg_mask = self.transformer.generate_square_subsequent_mask(len(trg)).to(trg.device)
        out = self.transformer(src, trg, tgt_mask=self.trg_mask,  # finding: transformer-mask-dtype-mismatch
                               src_key_padding_mask=(src == pad).T, tgt_key_padding_mask=(trg == pad).T)
        return out * math.sqrt(2)

    def additive(self, src, trg, pad):
        causal = self.transformer.generate_square_subsequent_mask(len(trg))
        padding = (trg == pad).T.float().masked_fill(trg.T == pad, float("-inf"))
        return self.transformer(src, trg, tgt_mask=causal, tgt_key_padding_mask=padding)

    def both_bool(self, src, trg, pad):
        causal = self.transformer.generate_square_subsequent_mask(len(trg)).isinf()
        return self.transformer(src, trg, tgt_mask=causal, tgt_key_padding_mask=(trg == pad).T)


class SelfAttention(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.attention = nn.MultiheadAttention(dim, 2)

    def forward(self, x, padding):
        causal = nn.Transformer.generate_square_subsequent_mask(x.size(0))
        out, _ = self.attention(x, x, x, padding, False, causal)  # finding: transformer-mask-dtype-mismatch
        return out


def other_library(decoder, embed, memory, padding):
    mask = nn.Transformer.generate_square_subsequent_mask(embed.size(0))
    return decoder(embed, memory, tgt_mask=mask, tgt_key_padding_mask=padding)  # a parameter: not known to be torch's


# seen in: a chatbot that imports the class from its defining module (torch.nn.modules.transformer): the same class
from torch.nn.modules.transformer import Transformer as DefinedTransformer


class Chatbot(torch.nn.Module):
    def __init__(self, pad_idx):
        super().__init__()
        self.pad_idx = pad_idx
        self.transformer = DefinedTransformer(d_model=16, nhead=2, num_encoder_layers=1, num_decoder_layers=1)

    def forward(self, question, answer, q_embed, a_embed):
        tgt_mask = self.transformer.generate_square_subsequent_mask(answer.size(1))
        return self.transformer(src=q_embed, tgt=a_embed,  # finding: transformer-mask-dtype-mismatch
                                src_key_padding_mask=question == self.pad_idx,
                                tgt_key_padding_mask=answer == self.pad_idx,
                                tgt_mask=tgt_mask)


# seen in: tomveh/lipreading's TransformerBackend: the causal mask cast to the embedded target's dtype with type_as
class LipReader(torch.nn.Module):
    def __init__(self, vocab_size, pad):
        super().__init__()
        self.pad = pad
        self.embedding = torch.nn.Embedding(vocab_size, 16)
        self.transformer = torch.nn.Transformer(d_model=16, nhead=2, num_encoder_layers=1, num_decoder_layers=1)

    def forward(self, x, y):
        src = x.transpose(0, 1)
        tgt = self.embedding(y).transpose(0, 1)
        tgt_mask = self.transformer.generate_square_subsequent_mask(len(tgt)).type_as(tgt)
        return self.transformer(src, tgt, tgt_mask=tgt_mask,  # finding: transformer-mask-dtype-mismatch
                                src_key_padding_mask=x.sum(dim=2) == 0, tgt_key_padding_mask=y == self.pad)
