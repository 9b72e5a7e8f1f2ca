# seen in: a tracker whose builder makes a fresh SGD and the project's torch scheduler subclass, steps that
# scheduler to the start epoch and returns both (called at start and again when the backbone unfreezes): the
# scheduler's first step comes before any optimizer step. A third-party factory's scheduler, or one built on an
# optimizer handed in (maybe stepped already), is quiet
from torch.optim.lr_scheduler import _LRScheduler


class WarmupLR(_LRScheduler):
    def get_lr(self):
        return [group["initial_lr"] for group in self.optimizer.param_groups]


def build_lr_scheduler(optimizer, epochs=50):
    return WarmupLR(optimizer)
