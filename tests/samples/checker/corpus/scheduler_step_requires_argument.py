# seen in: PVN3D's warmup_scheduler/scheduler.py: WarmupCosScheduler, WarmupCLRScheduler and CyclicLR subclass
# _LRScheduler with step(self, step); since torch 1.4 the base's __init__ calls self.step() with nothing
import torch
from torch.optim.lr_scheduler import _LRScheduler, StepLR, ReduceLROnPlateau


class WarmupCos(_LRScheduler):
    def __init__(self, optimizer, total):
        self.total = total
        super().__init__(optimizer)

    def step(self, step):  # finding: scheduler-step-requires-argument
        self.last_epoch = step


class Halving(torch.optim.lr_scheduler.StepLR):  # no __init__ of its own: StepLR's runs
    def step(self, epoch, *, scale):  # finding: scheduler-step-requires-argument
        super().step()


class Defaulted(StepLR):
    def step(self, epoch=None):
        super().step()


class Collecting(StepLR):
    def step(self, *args, **kwargs):
        super().step()


class OwnInit(_LRScheduler):  # never runs the base's __init__: nothing steps it while building
    def __init__(self, optimizer):
        self.optimizer = optimizer

    def step(self, epoch):
        self.last_epoch = epoch


class Plateau(ReduceLROnPlateau):  # its __init__ does not step
    def step(self, metrics):
        super().step(metrics)


class Intermediate(StepLR):
    pass


class Through(Intermediate):  # StepLR's __init__ through a class of the file without one
    def step(self, epoch):  # finding: scheduler-step-requires-argument
        super().step()
