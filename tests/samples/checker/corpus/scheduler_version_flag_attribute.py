# seen in: a training-callback library that keeps the pre-1.1 scheduler protocol (step(epoch=n)) behind an
# attribute set once from a version check in __init__; on 2.15 the check is false, so that branch never runs.
# An attribute the class also sets elsewhere, or one set from a setting, decides nothing.
import torch
from packaging import version


def _torch_older_than(release):
    return version.parse(torch.__version__) < version.parse(release)


class SchedulerCallback:
    def __init__(self, scheduler, per_batch=False):
        self.scheduler = scheduler
        self.per_batch = per_batch
        self.modern_order = not _torch_older_than("1.1.0")

    def end_epoch(self, epoch, metric=None):
        if self.modern_order or self.per_batch:
            self.scheduler.step()
        else:
            self.scheduler.step(epoch=epoch)
            if metric is not None:
                self.scheduler.step(metric, epoch=epoch)


class LegacyStepCallback:
    def __init__(self, scheduler, legacy):
        self.scheduler = scheduler
        self.legacy = legacy

    def end_epoch(self, epoch):
        if self.legacy:
            self.scheduler.step(epoch=epoch)  # finding: scheduler-step-epoch


class RetunedCallback:
    def __init__(self, scheduler):
        self.scheduler = scheduler
        self.old_order = _torch_older_than("1.1.0")

    def force_old(self):
        self.old_order = True

    def end_epoch(self, epoch):
        if self.old_order:
            self.scheduler.step(epoch=epoch)  # finding: scheduler-step-epoch
