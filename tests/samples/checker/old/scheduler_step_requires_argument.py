# expect: removed-and-legacy-calls#a-scheduler-subclass-whose-step-needs-an-argument
from torch.optim.lr_scheduler import _LRScheduler


class Warmup(_LRScheduler):
    def __init__(self, optimizer, total):
        self.total = total
        super().__init__(optimizer)

    def step(self, epoch):
        self.last_epoch = epoch
