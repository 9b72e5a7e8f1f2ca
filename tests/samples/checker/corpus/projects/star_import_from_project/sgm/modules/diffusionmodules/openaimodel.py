# a star import of a module that binds `checkpoint` to its own function exports no torch name
import torch

from .util import *


def run(block, x):
    return checkpoint(block, (x,), block.parameters(), True), torch.ones(1)
