# The network star-imports the blocks: its Dropout2d is applied to their 4-D maps, which does not warn. The sequence
# model beside it, which imports no convolution module, still warns for its Dropout2d.
from torch import nn

from .layers import *  # noqa: F403


class Net(nn.Module):
    def __init__(self, channels=32):
        super().__init__()
        self.head = BasicConv(3, channels, 3)  # noqa: F405
        self.drop = nn.Dropout2d(0.1)
        self.tail = BasicConv(channels, 3, 3)  # noqa: F405

    def forward(self, x):
        return self.tail(self.drop(self.head(x)))
