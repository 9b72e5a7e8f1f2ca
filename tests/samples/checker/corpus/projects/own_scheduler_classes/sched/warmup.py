# seen in: pytorch_optimizer's CosineAnnealingWarmupRestarts (an LRScheduler whose own step(epoch) never calls
# LRScheduler.step), beside subclasses that keep torch's step
import math

from torch.optim.lr_scheduler import LRScheduler, StepLR


class CosineWarmupRestarts(LRScheduler):
    def __init__(self, optimizer, first_cycle_steps, max_lr=0.1):
        self.first_cycle_steps, self.max_lr = first_cycle_steps, max_lr
        self.step_in_cycle = -1
        super().__init__(optimizer)

    def get_lr(self):
        return [self.max_lr * (1 + math.cos(math.pi * self.step_in_cycle / self.first_cycle_steps)) / 2
                for _ in self.optimizer.param_groups]

    def step(self, epoch=None):
        self.step_in_cycle = (self.step_in_cycle + 1) if epoch is None else epoch % self.first_cycle_steps
        for group, lr in zip(self.optimizer.param_groups, self.get_lr()):
            group["lr"] = lr


class LoggedStepLR(StepLR):
    def step(self, epoch=None):
        print("stepping", epoch)
        super().step(epoch)


class HalvingStepLR(StepLR):
    def __init__(self, optimizer):
        super().__init__(optimizer, step_size=1, gamma=0.5)
