# seen in: round 59's Lightning forecasters: lr_scheduler_step steps timm's schedulers with an epoch under an
# isinstance test against timm's classes (a list imported from the project's own module), torch's otherwise.
import torch
from timm.scheduler.cosine_lr import CosineLRScheduler

from core.optim_scheduler import timm_schedulers

EPOCH_SCHEDULERS = (torch.optim.lr_scheduler.StepLR, torch.optim.lr_scheduler.MultiStepLR)


class Forecaster:
    current_epoch = 0

    def lr_scheduler_step(self, scheduler, metric):
        if any(isinstance(scheduler, sch) for sch in timm_schedulers):
            scheduler.step(epoch=self.current_epoch)
        elif metric is None:
            scheduler.step()

    def step_timm(self, scheduler, epoch):
        if isinstance(scheduler, CosineLRScheduler):
            scheduler.step(epoch)

    def step_torch(self, scheduler, epoch):
        if any(isinstance(scheduler, kind) for kind in EPOCH_SCHEDULERS):
            scheduler.step(epoch)  # finding: scheduler-step-epoch
        if isinstance(scheduler, torch.optim.lr_scheduler.StepLR):
            scheduler.step(epoch)  # finding: scheduler-step-epoch
