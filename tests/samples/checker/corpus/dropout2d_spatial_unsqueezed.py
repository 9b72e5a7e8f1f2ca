# seen in: Kaggle text-classification LSTMs (a Jigsaw toxicity solution's lstm_models): "spatial dropout" of word
# embeddings, a Dropout2d subclass whose forward unsqueezes (N, T, K) to (N, K, 1, T), and a Dropout2d attribute
# applied to h.transpose(1, 2).unsqueeze(2): 4-D input, silent on 2.15; a Dropout2d on the 3-D embedding warns
import torch
from torch import nn


class SpatialDropout(nn.Dropout2d):
    def forward(self, x):
        x = x.unsqueeze(2)
        x = x.permute(0, 3, 2, 1)
        x = super(SpatialDropout, self).forward(x)
        return x.permute(0, 3, 2, 1).squeeze(2)


class Classifier(nn.Module):
    def __init__(self, vocab, embed=32):
        super().__init__()
        self.embedding = nn.Embedding(vocab, embed)
        self.spatial = SpatialDropout(0.2)
        self.embedding_dropout = nn.Dropout2d(0.2)
        self.sequence_dropout = nn.Dropout2d(0.2)  # finding: dropout2d-deprecated
        self.lstm = nn.LSTM(embed, 16, batch_first=True)

    def forward(self, tokens):
        h = self.embedding(tokens)
        h = self.spatial(h)
        h = self.embedding_dropout(h.transpose(1, 2).unsqueeze(2)).squeeze(2).transpose(1, 2)
        out, _ = self.lstm(self.sequence_dropout(h))
        return out
