# seen in: a text-classification framework's schedulers, torch schedulers mixed with its own Scheduler API
# (pytext's optimizer/scheduler.py): step_epoch hands the epoch its trainer passes on to torch's step, step_batch
# is called without one; a subclass with its own step, or one whose first base is its own, keeps its own meaning
import torch
from torch.optim.lr_scheduler import CosineAnnealingWarmRestarts as TorchCosineRestarts
from torch.optim.lr_scheduler import ExponentialLR as TorchExponentialLR
from torch.optim.lr_scheduler import ReduceLROnPlateau as TorchReduceLROnPlateau
from torch.optim.lr_scheduler import StepLR as TorchStepLR


class Scheduler:
    def step_batch(self, **kwargs):
        pass

    def step_epoch(self, **kwargs):
        pass


class StepLR(TorchStepLR, Scheduler):
    def step_epoch(self, metrics=None, epoch=None):
        self.step(epoch)  # finding: scheduler-step-epoch

    def current(self):
        return self.get_lr()  # finding: scheduler-get-lr


class ReduceLROnPlateau(TorchReduceLROnPlateau, Scheduler):
    def step_epoch(self, metrics, epoch):
        self.step(metrics, epoch)  # finding: scheduler-step-epoch

    def step_batch(self, metrics=0.0):
        self.step(metrics)


class ExponentialLR(TorchExponentialLR, Scheduler):
    def step_batch(self, metrics=None, epoch=None):
        self.step(epoch)


class CosineRestarts(TorchCosineRestarts, Scheduler):
    def step_batch(self, metrics=None, epoch=None):
        self.step(epoch)


class OwnStep(TorchStepLR, Scheduler):
    def step(self, epoch=None):
        self.last_epoch = epoch

    def step_epoch(self, metrics=None, epoch=None):
        self.step(epoch)

    def get_lr(self):
        return [group["lr"] for group in self.optimizer.param_groups]

    def current(self):
        return self.get_lr()


class CountingScheduler(Scheduler):
    def step(self, epoch=None):
        self.count = epoch


class OwnFirst(CountingScheduler, TorchStepLR):
    def step_epoch(self, metrics=None, epoch=None):
        self.step(epoch)


def train(scheduler, batches, epochs):
    for epoch in range(epochs):
        for _ in batches:
            scheduler.step_batch()
        scheduler.step_epoch(metrics=1.0, epoch=epoch)
