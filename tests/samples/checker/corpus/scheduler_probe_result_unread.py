# seen in: callbacks copied from a tabular-model library whose epoch hook later stepped every scheduler alike,
# leaving the is_better probe's result stored and never read: no path depends on it
from dataclasses import dataclass
from typing import Any

import torch


@dataclass
class StepEveryEpoch:
    scheduler_fn: Any
    optimizer: Any

    def __post_init__(self):
        self.is_metric_related = hasattr(self.scheduler_fn, "is_better")
        self.scheduler = self.scheduler_fn(self.optimizer)

    def on_epoch_end(self):
        self.scheduler.step()


def make_scheduler(scheduler_fn, optimizer):
    plateau = hasattr(scheduler_fn, "is_better")
    return scheduler_fn(optimizer)


def make_reading_scheduler(scheduler_fn, optimizer, loss):
    metric_driven = hasattr(scheduler_fn, "is_better")  # finding: lr-scheduler-is-better-private
    scheduler = scheduler_fn(optimizer)
    scheduler.step(loss) if metric_driven else scheduler.step()
    return scheduler, torch.zeros(1)
