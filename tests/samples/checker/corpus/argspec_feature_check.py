# seen in: an unsupervised optical-flow model's warping helper, which passes align_corners= to grid_sample only
# when inspect.getfullargspec lists it among the function's arguments (it does on 2.15): the else branch never runs
import inspect

import torch
import torch.nn.functional as F


def warp(x, grid):
    if 'align_corners' in inspect.getfullargspec(torch.nn.functional.grid_sample).args:
        return F.grid_sample(x, grid, padding_mode="border", align_corners=True)
    else:
        return F.grid_sample(x, grid, padding_mode="border")


def warp_other(fn, x, grid):
    if 'align_corners' in inspect.getfullargspec(fn).args:
        return fn(x, grid, align_corners=True)
    return F.grid_sample(x, grid)  # finding: grid-sample-without-align-corners
