# seen in: a stereo network's correlation extension (FADNet's correlation_package): a lower-case old-style Function
# class of another module, built with its arguments and called at once in a layer's forward, and built by a test
from torch.nn.modules.module import Module

from ..functions.gridgen import AffineGridGenFunction as correlation


class Correlation(Module):
    def __init__(self, pad_size=3):
        super(Correlation, self).__init__()
        self.pad_size = pad_size

    def forward(self, input1, input2):
        return correlation(self.pad_size, 1)(input1)  # finding: autograd-function-instantiated


def test_correlation(a):
    model = correlation(3, 3)  # finding: autograd-function-instantiated
    return model(a)
