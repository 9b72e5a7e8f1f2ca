# expect: still-warns-on-2.15#dropout2d-on-3-d-input
import torch.nn as nn


class Head(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(64, 10)
        self.drop = nn.Dropout2d(0.5)

    def forward(self, x):
        return self.drop(self.fc(x))
