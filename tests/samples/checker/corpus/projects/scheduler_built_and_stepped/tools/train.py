import torch
from warmuplib import build_warmup_scheduler
from tracking.lr import build_lr_scheduler


def build_opt_lr(model, cfg, epoch):
    optimizer = torch.optim.SGD(model.parameters(), lr=cfg.lr, momentum=0.9)
    lr_scheduler = build_lr_scheduler(optimizer, epochs=cfg.epochs)
    lr_scheduler.step()  # finding: scheduler-step-before-optimizer
    return optimizer, lr_scheduler


def build_third_party(model, cfg):
    optimizer = torch.optim.SGD(model.parameters(), lr=cfg.lr)
    lr_scheduler = build_warmup_scheduler(optimizer)
    lr_scheduler.step()
    return optimizer, lr_scheduler


def build_on_given(optimizer, cfg):
    lr_scheduler = build_lr_scheduler(optimizer, epochs=cfg.epochs)
    lr_scheduler.step()
    return lr_scheduler


def build_after_log(model, cfg):
    optimizer = torch.optim.SGD(model.parameters(), lr=cfg.lr)
    lr_scheduler = build_lr_scheduler(optimizer)
    cfg.log(lr_scheduler)
    lr_scheduler.step()
    return optimizer, lr_scheduler
