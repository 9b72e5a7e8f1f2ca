# seen in: copies of a popular gradual warm-up scheduler (an _LRScheduler subclass keeping the scheduler it hands over
# to as self.after_scheduler) in NeRF and segmentation trainers: the inherited state_dict() is the instance's __dict__,
# so the checkpoint holds the wrapped CosineAnnealingLR object, which weights_only refuses. A subclass that keeps only
# numbers, or defines its own state_dict, saves plain state.
import torch
from torch.optim.lr_scheduler import CosineAnnealingLR, _LRScheduler


class GradualWarmupScheduler(_LRScheduler):
    def __init__(self, optimizer, multiplier, total_epoch, after_scheduler=None):
        self.multiplier, self.total_epoch = multiplier, total_epoch
        self.after_scheduler = after_scheduler
        super().__init__(optimizer)

    def get_lr(self):
        return list(self.base_lrs)


class LinearWarmup(_LRScheduler):
    def __init__(self, optimizer, total_epoch):
        self.total_epoch = total_epoch
        super().__init__(optimizer)

    def get_lr(self):
        return list(self.base_lrs)


def train(model, optimizer, resume):
    cosine = CosineAnnealingLR(optimizer, 100)
    scheduler = GradualWarmupScheduler(optimizer, 1, 5, after_scheduler=cosine)
    warmup = LinearWarmup(optimizer, 5)
    if resume:
        ckpt = torch.load("ckpt.pth")  # finding: torch-load-saved-objects
        scheduler.load_state_dict(ckpt["scheduler"])
        plain = torch.load("warmup.pth")
        warmup.load_state_dict(plain["scheduler"])
    for epoch in range(10):
        optimizer.step()
        scheduler.step()
        warmup.step()
        torch.save({"model": model.state_dict(), "scheduler": scheduler.state_dict()}, "ckpt.pth")
        torch.save({"model": model.state_dict(), "scheduler": warmup.state_dict()}, "warmup.pth")
