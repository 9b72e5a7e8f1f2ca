# seen in: a compression library's learning-rate policy (distiller's LRPolicy.on_epoch_end): ReduceLROnPlateau
# is named in the file, yet both branches pass epoch= by keyword, which ReduceLROnPlateau.step(metrics, epoch)
# and LRScheduler.step(epoch) both warn about; the plain metric step stays quiet. A pedestrian-attribute trainer
# passes both by keyword (lr_scheduler.step(metrics=valid_loss, epoch=i)), which warns the same.
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


def trainer(epochs, lr_scheduler, valid_loss):
    for i in range(epochs):
        lr_scheduler.step(metrics=valid_loss, epoch=i)  # finding: scheduler-step-epoch
        lr_scheduler.step(metrics=valid_loss)
