# seen in: pytorch/examples mnist_rnn/main.py (Dropout2d on an RNN's (batch, features) output: 2-D input warns)
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.LSTM(28, 64, batch_first=True)
        self.dropout1 = nn.Dropout2d(0.25)  # finding: dropout2d-deprecated
        self.fc = nn.Linear(64, 10)

    def forward(self, x):
        out, _ = self.rnn(x.reshape(-1, 28, 28))
        out = self.dropout1(out[:, -1, :])
        return self.fc(out)


# seen in: transformers reformer (LoRA's vendored copy): F.dropout2d on weights reshaped to 4-D for it
def drop_axial(weights, p):
    return nn.functional.dropout2d(weights.transpose(2, 1), p=p).transpose(2, 1)
