# seen in: tabular-model training callbacks that tell a metric-driven scheduler by probing for is_better
from dataclasses import dataclass
from typing import Any

import torch


@dataclass
class LRSchedulerCallback:
    scheduler_fn: Any
    optimizer: Any
    scheduler_params: dict

    def __post_init__(self):
        self.is_metric_related = hasattr(self.scheduler_fn, "is_better")  # finding: lr-scheduler-is-better-private
        self.scheduler = self.scheduler_fn(self.optimizer, **self.scheduler_params)
        self.by_type = isinstance(self.scheduler, torch.optim.lr_scheduler.ReduceLROnPlateau)

    def on_epoch_end(self, loss):
        if self.is_metric_related:
            self.scheduler.step(loss)
        else:
            self.scheduler.step()


class EarlyStopping:
    def __init__(self, metric):
        self.metric = metric
        self.maximize = hasattr(metric, "is_better") and metric.is_better(1, 0)
        self.stepping = hasattr(self.metric, "step")
