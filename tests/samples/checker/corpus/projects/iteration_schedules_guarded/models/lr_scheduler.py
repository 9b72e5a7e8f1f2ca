from torch.optim.lr_scheduler import _LRScheduler


class MultiStepLR_Restart(_LRScheduler):
    def __init__(self, optimizer, milestones, gamma=0.5, last_epoch=-1):
        self.milestones = milestones
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        if self.last_epoch in self.milestones:
            return [group["lr"] * self.gamma for group in self.optimizer.param_groups]
        return [group["lr"] for group in self.optimizer.param_groups]
