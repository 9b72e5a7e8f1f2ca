# seen in: tencent-ailab/grover's grover/util/scheduler.py: NoamLR subclasses _LRScheduler and answers get_lr()
# with its own list of rates, so the trainers' scheduler.get_lr()[0] is that method, which warns nothing
import torch
from torch.optim.lr_scheduler import _LRScheduler


class NoamLR(_LRScheduler):
    def __init__(self, optimizer, warmup_steps, max_lr):
        self.warmup_steps, self.max_lr = warmup_steps, max_lr
        self.current_step = 0
        self.lr = [max_lr]
        super().__init__(optimizer)

    def get_lr(self):
        return list(self.lr)

    def step(self, current_step=None):
        self.current_step = self.current_step + 1 if current_step is None else current_step
        self.lr = [self.max_lr * min(1.0, self.current_step / self.warmup_steps)]


# pytorch-gradual-warmup-lr's wrapper (copied into PVN3D and many more): its after_scheduler is a torch scheduler,
# whose get_lr() warns outside its own step, whatever the project's own schedulers answer
class GradualWarmupScheduler(_LRScheduler):
    def __init__(self, optimizer, total_epoch, after_scheduler=None):
        self.total_epoch, self.after_scheduler = total_epoch, after_scheduler
        super().__init__(optimizer)

    def get_lr(self):
        if self.last_epoch > self.total_epoch and self.after_scheduler:
            return self.after_scheduler.get_lr()  # finding: scheduler-get-lr
        return [base_lr * (self.last_epoch + 1) / self.total_epoch for base_lr in self.base_lrs]
