# seen in: BERT and BiLSTM taggers that hand pytorch-crf a .byte() attention mask: CRF.forward and CRF.decode read it
# with torch.where, which warns for a uint8 condition; a bool mask, or a CRF of another library, is quiet
import torch
from torch import nn
from torchcrf import CRF


class Tagger(nn.Module):
    def __init__(self, encoder, num_tags):
        super().__init__()
        self.encoder = encoder
        self.crf = CRF(num_tags, batch_first=True)

    def log_likelihood(self, tokens, tags, attention_mask):
        emissions = self.encoder(tokens)
        mask = attention_mask.byte()
        return self.crf(emissions, tags, mask=mask, reduction="token_mean")  # finding: uint8-mask-condition

    def forward(self, tokens, attention_mask):
        emissions = self.encoder(tokens)
        return self.crf.decode(emissions, attention_mask.byte())  # finding: uint8-mask-condition

    def decode_bool(self, tokens, attention_mask):
        return self.crf.decode(self.encoder(tokens), attention_mask.bool())
