# seen in: a pysot-style tracker whose scheduler factory builds torch _LRScheduler subclasses; its training script
# lives in tools/ and imports the package from the project's root (no setup.py: the README sets PYTHONPATH)
from torch.optim.lr_scheduler import _LRScheduler


class LogScheduler(_LRScheduler):
    def __init__(self, optimizer, epochs=50, last_epoch=-1):
        self.epochs = epochs
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        return [base_lr * 0.9 ** self.last_epoch for base_lr in self.base_lrs]


def build_lr_scheduler(optimizer, epochs=50):
    return LogScheduler(optimizer, epochs)
