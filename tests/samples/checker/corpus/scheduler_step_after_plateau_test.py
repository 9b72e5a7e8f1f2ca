# seen in: continual-learning and nnU-Net-style trainers that step a scheduler of either kind: the metric when it is a
# ReduceLROnPlateau, the epoch otherwise (the warning of every other scheduler)
import torch


def finish_epoch(optimizer, scheduler, epoch, metrics):
    optimizer.step()
    if isinstance(scheduler, torch.optim.lr_scheduler.ReduceLROnPlateau):
        scheduler.step(metrics["loss"])
    else:
        scheduler.step(epoch)  # finding: scheduler-step-epoch
