# seen in: old training scripts that log scheduler.get_lr() and pass the epoch to step(), a timm
# scheduler that takes the epoch on purpose, ReduceLROnPlateau fed a metric, a diffusion sampler's own
# step(), and a CUDA-extension wrapper written as an old-style autograd Function
import torch
from torch.autograd import Function
from timm.scheduler import create_scheduler


class RoIPool(Function):  # finding: autograd-function-non-static-forward
    def __init__(self, size):
        self.size = size

    def forward(self, features, rois):
        return features[:, :, : self.size, : self.size]


class RoIPoolNew(Function):
    @staticmethod
    def forward(ctx, features, size):
        return features[:, :, :size, :size]


def train(model, loader, args, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scheduler = torch.optim.lr_scheduler.MultiStepLR(optimizer, milestones=[30, 60])
    for epoch in range(epochs):
        for i, batch in enumerate(loader):
            optimizer.step()
        scheduler.step(epoch)  # finding: scheduler-step-epoch
        print("lr", scheduler.get_lr()[0])  # finding: scheduler-get-lr
        print("lr", scheduler.get_last_lr()[0])
    timm_scheduler, _ = create_scheduler(args, optimizer)
    timm_scheduler.step(epoch + 1)


def sample(self, noise_pred, t, latents, val_loss):
    self.plateau_scheduler.step(val_loss)
    return self.scheduler.step(noise_pred, t, latents)


def log_losses(loss, loss_G, losses, features, writer, step):
    writer.add_scalar("loss", loss.data[0], step)  # finding: loss-data-index
    writer.add_scalar("loss_G", loss_G.data.cpu()[0], step)  # finding: loss-data-index
    writer.add_scalar("first", losses.data[0], step)
    return features.data[0], loss.item()
