# seen in: point-cloud and re-id training code whose warmup schedulers subclass torch's (one writes its own get_lr,
# keeping torch's step), beside a plain batch-norm momentum schedule of the project's own
import math

from torch.optim import lr_scheduler


class HalfCosineWarmup(lr_scheduler._LRScheduler):
    def __init__(self, optimizer, total, last_epoch=-1):
        self.total = total
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        fraction = (1 - math.cos(math.pi * self.last_epoch / self.total)) / 2
        return [base * fraction for base in self.base_lrs]


class MomentumScheduler:
    """A plain schedule of the project's own: its step(epoch) is its interface."""

    def __init__(self, model, rule):
        self.model, self.rule = model, rule

    def step(self, epoch):
        for module in self.model.modules():
            module.momentum = self.rule(epoch)


class HoldThenStep(lr_scheduler.StepLR):
    """Keeps StepLR's get_lr: calling it outside step() warns."""
