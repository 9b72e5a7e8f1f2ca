# seen in: joeynmt's builders (its own schedulers with no torch base, step(step) takes the training step)
import torch
from torch.optim.lr_scheduler import StepLR


class BaseScheduler:
    def __init__(self, optimizer):
        self.optimizer = optimizer
        self._step = 0

    def step(self, step):
        self._step = step
        for group in self.optimizer.param_groups:
            group["lr"] = self._compute_rate()

    def _compute_rate(self):
        raise NotImplementedError


class NoamScheduler(BaseScheduler):
    def _compute_rate(self):
        return max(self._step, 1) ** -0.5


def build_scheduler(kind, optimizer):
    if kind == "noam":
        return NoamScheduler(optimizer), "step"
    return StepLR(optimizer, step_size=1), "epoch"
