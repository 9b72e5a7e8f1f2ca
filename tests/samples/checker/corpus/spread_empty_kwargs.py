# seen in: segmentation_models.pytorch base/modules.py (Activation(name, **params) builds nn.Softmax(**params),
# and every caller passes only the name)
import torch.nn as nn


class Activation(nn.Module):
    def __init__(self, name, **params):
        super().__init__()
        if name == "softmax2d":
            self.activation = nn.Softmax(dim=1, **params)
        elif name == "softmax":
            self.activation = nn.Softmax(**params)  # finding: softmax-module-without-dim
        else:
            self.activation = nn.Identity(**params)

    def forward(self, x):
        return self.activation(x)


class Head(nn.Module):
    def __init__(self, activation=None):
        super().__init__()
        self.activation = Activation(activation)


def make_softmax(**options):
    return nn.Softmax(**options)


def build():
    return Head("softmax"), make_softmax(dim=1)
