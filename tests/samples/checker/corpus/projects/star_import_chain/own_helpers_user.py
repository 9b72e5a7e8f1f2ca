# F is own_helpers' class, not torch.nn.functional
from own_helpers import *


def order(values):
    return F.softmax(values)
