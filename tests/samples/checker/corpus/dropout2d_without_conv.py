# seen in: pytorch/examples mnist_rnn/main.py (Dropout2d on an RNN's (batch, features) output: 2-D input warns)
import torch
import torch.nn.functional as F
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.LSTM(28, 64, batch_first=True)
        self.dropout1 = nn.Dropout2d(0.25)  # finding: dropout2d-input-not-4d
        self.fc = nn.Linear(64, 10)

    def forward(self, x):
        out, _ = self.rnn(x.reshape(-1, 28, 28))
        out = self.dropout1(out[:, -1, :])
        return F.dropout2d(self.fc(out), 0.1)  # finding: dropout2d-input-not-4d
