from torch import nn


class Tagger(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.LSTM(16, 16, batch_first=True)
        self.drop = nn.Dropout2d(0.1)  # finding: dropout2d-deprecated

    def forward(self, x):
        return self.drop(self.rnn(x)[0])
