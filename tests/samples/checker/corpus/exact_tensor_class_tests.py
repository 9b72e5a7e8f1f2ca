# seen in: dynamic-evaluation and AWD-LSTM language models (dynamiceval.py's repackage_hidden) test a hidden
# state's exact class against Variable, never true since 0.4; so are tests against typed classes. Tests against
# torch.Tensor itself, or isinstance, are fine.
import torch
from torch.autograd import Variable


def repackage_hidden(h):
    if type(h) == Variable:  # finding: tensor-type-compare
        return Variable(h.data)
    return tuple(repackage_hidden(v) for v in h)


def on_gpu(x):
    return type(x) is torch.cuda.FloatTensor  # finding: tensor-type-compare


def is_index(x):
    return type(x) in (torch.LongTensor, torch.cuda.LongTensor)  # finding: tensor-type-compare


def fine(x):
    if isinstance(x, Variable) or type(x) == torch.Tensor:
        return x.detach()
    return type(x) == int
