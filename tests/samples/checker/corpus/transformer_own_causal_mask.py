# seen in: a grammatical-error-correction transformer (DaniAffCH's src/models.py): its own method builds the causal
# mask as triu(ones * -inf), then `self.transformer.decoder(...)` of an nn.Transformer gets it beside a bool padding
# mask: "Support for mismatched key_padding_mask and attn_mask is deprecated" on 2.15
import torch
from torch import nn


class Corrector(nn.Module):
    def __init__(self, vocab, d_model=64, pad_idx=0):
        super().__init__()
        self.embed = nn.Embedding(vocab, d_model)
        self.transformer = nn.Transformer(d_model=d_model, nhead=4)
        self.pad_idx = pad_idx

    def target_mask(self, length, device):
        return torch.triu(torch.ones(length, length, device=device) * float("-inf"), diagonal=1)

    def bool_mask(self, length, device):
        return torch.triu(torch.full((length, length), float("-inf"), device=device), 1).bool()

    def forward(self, src, trg):
        memory = self.transformer.encoder(self.embed(src), src_key_padding_mask=(src == self.pad_idx).T)
        trg_mask = self.target_mask(trg.size(0), trg.device)
        trg_pad_mask = (trg == self.pad_idx).T
        out = self.transformer.decoder(tgt=self.embed(trg), memory=memory, tgt_mask=trg_mask,  # finding: transformer-mask-dtype-mismatch
                                       tgt_key_padding_mask=trg_pad_mask)
        same = self.transformer.decoder(self.embed(trg), memory, tgt_mask=self.bool_mask(trg.size(0), trg.device),
                                        tgt_key_padding_mask=trg_pad_mask)
        return out, same
