# seen in: a callbacks module handed the torch scheduler class by its caller; torch is named only in a docstring
from dataclasses import dataclass
from typing import Any


@dataclass
class SchedulerCallback:
    """Wraps a torch.optim.lr_scheduler class."""

    scheduler_fn: Any
    optimizer: Any

    def __post_init__(self):
        self.metric_related = hasattr(self.scheduler_fn, "is_better")  # finding: lr-scheduler-is-better-private
        self.has_step = hasattr(self.scheduler_fn, "step")
        self.better = hasattr(self.optimizer, "is_better")

    def on_epoch_end(self, scheduler, loss):
        scheduler.step(loss) if self.metric_related else scheduler.step()
