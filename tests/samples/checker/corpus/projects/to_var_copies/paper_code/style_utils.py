# the paper code's copy of the helper: called without volatile too
from torch.autograd import Variable


def to_var(x, requires_grad=False, volatile=False):
    return Variable(x, requires_grad=requires_grad, volatile=volatile)


def unused_eval_var(x, volatile=False):  # nothing calls it: it runs with its quiet default
    return Variable(x, volatile=volatile)


def steer(x):
    return to_var(x, requires_grad=True)
