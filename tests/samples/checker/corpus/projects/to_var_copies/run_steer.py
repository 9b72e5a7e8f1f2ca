# seen in: a language-model steering project whose script and paper code each carry a to_var(x, requires_grad=False,
# volatile=False) helper forwarding volatile to Variable; every call leaves volatile alone, so nothing warns
import torch
from torch.autograd import Variable


def to_var(x, requires_grad=False, volatile=False):
    if torch.cuda.is_available():
        x = x.cuda()
    return Variable(x, requires_grad=requires_grad, volatile=volatile)


def perturb(past):
    return [to_var(p, requires_grad=True) for p in past]
