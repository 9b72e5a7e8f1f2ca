# seen in: tracker training code whose schedules subclass torch's base scheduler and keep its step(epoch)
from torch.optim.lr_scheduler import _LRScheduler


class LogDecay(_LRScheduler):
    def __init__(self, optimizer, start_lr, end_lr, epochs, last_epoch=-1):
        self.rates = [start_lr * (end_lr / start_lr) ** (i / max(epochs - 1, 1)) for i in range(epochs)]
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        return [self.rates[min(self.last_epoch, len(self.rates) - 1)] for _ in self.base_lrs]


def make_schedule(optimizer, cfg):
    return LogDecay(optimizer, cfg.start_lr, cfg.end_lr, cfg.epochs)
