import torch
from schedlib import make_scheduler
from tracker.schedule import build_lr_scheduler


def build_optimizer(model, cfg):
    optimizer = torch.optim.SGD(model.parameters(), lr=cfg.TRAIN.BASE_LR, momentum=0.9)
    lr_scheduler = build_lr_scheduler(optimizer, epochs=cfg.TRAIN.EPOCH)
    cfg.log(optimizer)  # may step it: no step-order finding (projects/scheduler_built_and_stepped has one)
    lr_scheduler.step(cfg.TRAIN.START_EPOCH)  # finding: scheduler-step-epoch
    return optimizer, lr_scheduler


def build_other(model, cfg):
    optimizer = torch.optim.SGD(model.parameters(), lr=cfg.TRAIN.BASE_LR)
    lr_scheduler = make_scheduler(optimizer)
    lr_scheduler.step(cfg.TRAIN.START_EPOCH)
    return optimizer, lr_scheduler
