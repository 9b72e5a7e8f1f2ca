# seen in: AFA-Net-And-Joint-IRLPRNet and the many copies of pytorch-gradual-warmup-lr: GradualWarmupScheduler keeps its
# after_scheduler as an attribute, so its state_dict() holds a CosineAnnealingLR object; the resume's weights_only
# load refuses it ("Unsupported global: GLOBAL torch.optim.lr_scheduler.CosineAnnealingLR", run on 2.15)
import torch
from torch.optim.lr_scheduler import CosineAnnealingLR
from warmup_scheduler import GradualWarmupScheduler


def train(model, epochs, resume):
    optimizer = torch.optim.Adam(model.parameters())
    cosine = CosineAnnealingLR(optimizer, epochs)
    scheduler = GradualWarmupScheduler(optimizer, multiplier=1, total_epoch=5, after_scheduler=cosine)
    if resume:
        checkpoint = torch.load("last.pth")  # finding: torch-load-saved-objects
        scheduler.load_state_dict(checkpoint["scheduler"])
    for epoch in range(epochs):
        optimizer.step()
        scheduler.step()
        torch.save({"model": model.state_dict(), "scheduler": scheduler.state_dict()}, "last.pth")


def train_plain(model, epochs, resume):
    optimizer = torch.optim.Adam(model.parameters())
    scheduler = GradualWarmupScheduler(optimizer, multiplier=1, total_epoch=5, after_scheduler=None)
    if resume:
        checkpoint = torch.load("plain.pth")
        scheduler.load_state_dict(checkpoint["scheduler"])
    for epoch in range(epochs):
        optimizer.step()
        scheduler.step()
        torch.save({"model": model.state_dict(), "scheduler": scheduler.state_dict()}, "plain.pth")
