# seen in: a training-callback library whose scheduler callbacks bind the constructor's settings with
# functools.partial and build the scheduler later from the optimizer: every call of the partial passes verbose=,
# which the schedulers no longer take (TypeError on 2.15)
import functools
from functools import partial

import torch
from torch.optim import lr_scheduler


class PlateauCallback:
    def __init__(self, factor=0.1, patience=10, verbose=False):
        self.build = functools.partial(torch.optim.lr_scheduler.ReduceLROnPlateau,  # finding: lr-scheduler-verbose-removed
                                       mode="min", factor=factor, patience=patience, verbose=verbose)


def step_builder(step_size, verbose=False):
    return partial(lr_scheduler.StepLR, step_size=step_size, verbose=verbose)  # finding: lr-scheduler-verbose-removed


def quiet_builders(step_size, log):
    plain = partial(lr_scheduler.StepLR, step_size=step_size, gamma=0.5)
    logged = functools.partial(log, verbose=True)
    return plain, logged
