# seen in: a re-parameterized VGG project whose quantization script builds its own warm-up cosine scheduler (an
# _LRScheduler subclass computing get_lr itself, without torch's within-step check) and hands it to train(), which
# logs lr_scheduler.get_lr(); the main training script binds the same name to torch's CosineAnnealingLR
import math

import torch


class WarmupCosineLR(torch.optim.lr_scheduler._LRScheduler):
    def __init__(self, optimizer, total, warmup=0, last_epoch=-1):
        self.total, self.warmup = total, warmup
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        if self.last_epoch < self.warmup:
            return [self.last_epoch / self.warmup * base for base in self.base_lrs]
        return [base * (1 + math.cos(math.pi * self.last_epoch / self.total)) / 2 for base in self.base_lrs]
