from torch.optim.lr_scheduler import LRScheduler, StepLR


class Warmup(LRScheduler):
    def __init__(self, optimizer, total):
        self.total = total
        super().__init__(optimizer)

    def get_lr(self):
        return [0.1 * min(1.0, (self.last_epoch + 1) / self.total) for _ in self.optimizer.param_groups]


class Halving(StepLR):
    def step(self, epoch=None):
        super().step()
