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
