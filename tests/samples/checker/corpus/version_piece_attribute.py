# seen in: a CSG program-synthesis model that keeps `torch.__version__[2]` on self and builds its softmax layers
# for "torch 0.1" when that character is "1": on "2.15.0" it is "1" too, so the old branch runs; a second class of
# the file keeps the same piece. A piece that is "5" on 2.15 (`[3]`) picks the other branch, which stays quiet.
import torch
import torch.nn as nn


class Decoder(nn.Module):
    def __init__(self, size):
        super().__init__()
        self.pytorch_version = torch.__version__[2]
        self.dense = nn.Linear(size, size)
        if self.pytorch_version == "1":
            self.softmax = nn.Softmax()  # finding: softmax-module-without-dim
        elif self.pytorch_version == "3" or self.pytorch_version == "4":
            self.softmax = nn.Softmax(1)

    def forward(self, x):
        return self.softmax(self.dense(x))


class Parser:
    def __init__(self):
        self.pytorch_version = torch.__version__[2]


class Head(nn.Module):
    def __init__(self, size):
        super().__init__()
        self.minor_digit = torch.__version__[3]
        self.dense = nn.Linear(size, size)
        if self.minor_digit == "1":
            self.softmax = nn.Softmax()
        else:
            self.softmax = nn.Softmax(dim=1)

    def forward(self, x):
        return self.softmax(self.dense(x))
