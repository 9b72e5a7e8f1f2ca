# seen in: a helper in the same module that returns torch's version as a tuple of ints, and one imported
# from a module the checker cannot read (its body is not visible: neither branch is judged)
import torch
from torch import nn

from elsewhere import torch_version_tuple


def torch_version():
    return tuple(int(part) for part in torch.__version__.split(".")[:2])


def init(weight):
    if torch_version() >= (1, 0):
        nn.init.normal(weight)  # finding: init-normal-no-underscore
    else:
        nn.init.normal(weight)
    if (2, 20) <= torch_version():
        nn.init.xavier_normal(weight)
    if torch_version_tuple() >= (1, 0):
        nn.init.kaiming_normal(weight)
