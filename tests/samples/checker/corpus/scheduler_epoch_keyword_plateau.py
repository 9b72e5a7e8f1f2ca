# seen in: a compression library's learning-rate policy (distiller's LRPolicy.on_epoch_end): ReduceLROnPlateau
# is named in the file, yet both branches pass epoch= by keyword, which ReduceLROnPlateau.step(metrics, epoch)
# and LRScheduler.step(epoch) both warn about; the plain metric step stays quiet
import torch
import torch.optim.lr_scheduler


class LRPolicy:
    def __init__(self, lr_scheduler):
        self.lr_scheduler = lr_scheduler

    def on_epoch_end(self, metrics, epoch):
        if isinstance(self.lr_scheduler, torch.optim.lr_scheduler.ReduceLROnPlateau):
            self.lr_scheduler.step(metrics[self.lr_scheduler.mode], epoch=epoch + 1)  # finding: scheduler-step-epoch
        else:
            self.lr_scheduler.step(epoch=epoch + 1)  # finding: scheduler-step-epoch

    def on_validation_end(self, val_loss):
        if isinstance(self.lr_scheduler, torch.optim.lr_scheduler.ReduceLROnPlateau):
            self.lr_scheduler.step(val_loss)
