# the project's own checkpoint helper (a custom autograd.Function): not torch's
import torch


def checkpoint(func, inputs, params, flag):
    return func(*inputs)


def local_star_user():
    return torch.zeros(1)
