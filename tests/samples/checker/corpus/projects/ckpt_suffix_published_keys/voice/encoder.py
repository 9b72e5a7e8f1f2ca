import torch.nn as nn


class SpeakerEncoder(nn.Module):
    def __init__(self, dim_input, dim_cell, dim_emb):
        super().__init__()
        self.lstm = nn.LSTM(dim_input, dim_cell, 3, batch_first=True)
        self.embedding = nn.Linear(dim_cell, dim_emb)

    def forward(self, x):
        out, _ = self.lstm(x)
        return self.embedding(out[:, -1])
