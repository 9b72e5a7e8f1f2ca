# nn.Softmax() without dim warns when the module runs (its forward), not when it is built: a module bound to an
# attribute or a local name the file never reads again is silent; one that is called, handed on or returned warns.
import torch.nn as nn


class Critic(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.head = nn.Linear(width, 2)
        self.unused_softmax = nn.Softmax()
        self.Softmax = nn.Softmax()
        self.scores = nn.Softmax(dim=1)
        self.softmax = nn.Softmax()  # finding: softmax-module-without-dim
        self.log_probs = nn.LogSoftmax()  # finding: softmax-module-without-dim
        self.picked = nn.Softmin()  # finding: softmax-module-without-dim

    def forward(self, x):
        x = self.head(x)
        # x = self.unused_softmax(x)
        # x = self.Softmax(x)
        return self.softmax(x), getattr(self, "picked")(x), self.log_probs


def scorer(width):
    normalise = nn.Softmax()
    stack = nn.Softmax()  # finding: softmax-module-without-dim
    return nn.Sequential(nn.Linear(width, 1), stack)


GLOBAL_SOFTMAX = nn.Softmax()  # finding: softmax-module-without-dim
