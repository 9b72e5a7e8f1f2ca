# seen in: pytorch/examples mnist_rnn (Dropout2d after an LSTM and a Linear: 2-D input, which warns)
import torch.nn as nn
import torch.nn.functional as F


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.LSTM(input_size=28, hidden_size=64, batch_first=True)
        self.dropout1 = nn.Dropout2d(0.25)  # finding: dropout2d-deprecated
        self.fc1 = nn.Linear(64, 10)
        self.dropout2 = nn.Dropout(0.5)

    def forward(self, x):
        out, _ = self.rnn(x.reshape(-1, 28, 28))
        return F.log_softmax(self.fc1(self.dropout2(self.dropout1(out[:, -1, :]))), dim=1)
