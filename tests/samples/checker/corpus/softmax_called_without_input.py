# seen in: a learning-to-rank library's activation lookup (ptranking's base/utils.py) that returns F.softmax() for
# the 'ST' key, with no input at all: that raises TypeError on every version, before any guess of dim
import torch.nn.functional as F


def get_activation(name):
    if name == "ST":
        return F.softmax()
    return None


def normalise(scores):
    return F.softmax(scores)  # finding: softmax-without-dim


def named(scores):
    return F.softmax(input=scores)  # finding: softmax-without-dim
