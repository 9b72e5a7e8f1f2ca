# seen in: a fine-tuning framework's scheduler that wraps another one given as a parameter annotated
# LRScheduler and calls its get_lr() from its own get_lr() (axolotl's JaggedLRRestartScheduler): the inner
# scheduler's step flag is unset, so it warns; a parameter of another type, or a list of schedulers, is not one
from typing import Optional

import torch
from torch.optim.lr_scheduler import LRScheduler


class Restarts(LRScheduler):
    def __init__(self, optimizer, inner_schedule: LRScheduler, warmup: int):
        self.inner_schedule = inner_schedule
        self.warmup = warmup
        super().__init__(optimizer, inner_schedule.last_epoch)

    def get_lr(self):
        self.inner_schedule.last_epoch = self.last_epoch
        return self.inner_schedule.get_lr()  # finding: scheduler-get-lr


def peek(schedule: Optional[LRScheduler], plan: "Plan", plans: list[LRScheduler]):
    first = schedule.get_lr()  # finding: scheduler-get-lr
    return first, plan.get_lr(), plans[0].get_last_lr()
