# seen in: a tracking project whose scripts folder (tools/, no package) imports its installed package: the
# package's factory returns its own torch scheduler subclass, so the script's scheduler is a torch one and
# step(start_epoch) passes the deprecated epoch; a third-party factory's scheduler is not known to be torch's
from torch.optim.lr_scheduler import _LRScheduler


class WarmupScheduler(_LRScheduler):
    def get_lr(self):
        return [group["initial_lr"] for group in self.optimizer.param_groups]


def build_lr_scheduler(optimizer, epochs=50):
    return WarmupScheduler(optimizer)
