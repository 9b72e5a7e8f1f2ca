# seen in: diffusion and vision training utilities with their own schedulers written for torch < 2.7 (inverse,
# warmup, constant-with-warmup), which hand verbose on to the base class positionally
import torch
from torch import optim


class InverseLR(optim.lr_scheduler._LRScheduler):
    def __init__(self, optimizer, inv_gamma=1.0, power=1.0, last_epoch=-1, verbose=False):
        self.inv_gamma, self.power = inv_gamma, power
        super().__init__(optimizer, last_epoch, verbose)  # finding: lr-scheduler-init-verbose-positional

    def get_lr(self):
        return [lr * (1 + self.last_epoch / self.inv_gamma) ** -self.power for lr in self.base_lrs]


class ConstantWithWarmup(torch.optim.lr_scheduler.LRScheduler):
    def __init__(self, optimizer, warmup=0.0, last_epoch=-1):
        self.warmup = warmup
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        return [lr * (1 - self.warmup ** (self.last_epoch + 1)) for lr in self.base_lrs]


class OldStyle(torch.optim.lr_scheduler.LRScheduler):
    def __init__(self, optimizer, last_epoch=-1, verbose=False):
        torch.optim.lr_scheduler.LRScheduler.__init__(self, optimizer, last_epoch, verbose)  # finding: lr-scheduler-init-verbose-positional

    def get_lr(self):
        return list(self.base_lrs)


class KeywordVerbose(optim.lr_scheduler._LRScheduler):
    # (Efficient-VDVAE's schedules) verbose handed on by keyword to the private base: a TypeError on 2.7 and later
    def __init__(self, optimizer, warmup_steps, last_epoch=-1, verbose=False):
        self.warmup_steps = max(warmup_steps, 1)
        super(KeywordVerbose, self).__init__(optimizer=optimizer, last_epoch=last_epoch, verbose=verbose)  # finding: lr-scheduler-verbose-removed

    def get_lr(self):
        return list(self.base_lrs)


class ExplicitBase(optim.lr_scheduler._LRScheduler):
    # (a pathology MIL trainer's warm-up schedule) the base's __init__ called by name, verbose by keyword
    def __init__(self, optimizer, last_epoch=-1, verbose=False):
        optim.lr_scheduler._LRScheduler.__init__(self, optimizer, last_epoch=last_epoch, verbose=verbose)  # finding: lr-scheduler-verbose-removed

    def get_lr(self):
        return list(self.base_lrs)


class WarmupOneCycle(optim.lr_scheduler.OneCycleLR):
    # the same, on an ancestor of the direct base (a OneCycleLR subclass initialising _LRScheduler itself)
    def __init__(self, optimizer, total_steps, last_epoch=-1, verbose=False):
        self.total_steps = total_steps
        optim.lr_scheduler._LRScheduler.__init__(self, optimizer, last_epoch=last_epoch, verbose=verbose)  # finding: lr-scheduler-verbose-removed
