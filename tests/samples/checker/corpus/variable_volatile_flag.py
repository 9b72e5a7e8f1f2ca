# seen in: facebookresearch/end-to-end-negotiator and other 0.3-era code: Variable(..., volatile=...) warns on 2.15
# only when the flag is true; volatile=False (training-time wrappers) is silent
import torch
from torch.autograd import Variable


def wrap(x, evaluating):
    inference = Variable(x, volatile=True)  # finding: variable-volatile
    training = Variable(x, volatile=False)
    either = Variable(x, volatile=evaluating)  # finding: variable-volatile
    return inference, training, either
