# the file builds a ReduceLROnPlateau under another name; the schedule stepped with the epoch comes from the
# project's factory (a torch subclass keeping step): step(epoch) warns on it
import torch
from torch.optim.lr_scheduler import ReduceLROnPlateau

from track.schedules import make_schedule


def policy_schedule(cfg, optimizer):
    plateau = ReduceLROnPlateau(optimizer, patience=cfg.patience)
    return plateau


def build(cfg, model):
    optimizer = torch.optim.SGD(model.parameters(), lr=cfg.start_lr)
    lr_scheduler = make_schedule(optimizer, cfg)
    return optimizer, lr_scheduler


def train(cfg, model, run_epoch):
    optimizer, lr_scheduler = build(cfg, model)
    for epoch in range(cfg.start_epoch, cfg.epochs):
        lr_scheduler.step(epoch)  # finding: scheduler-step-epoch
        run_epoch(model, optimizer)


def train_by_policy(cfg, model, run_epoch):
    optimizer = torch.optim.SGD(model.parameters(), lr=cfg.start_lr)
    policy_scheduler = policy_schedule(cfg, optimizer)
    for epoch in range(cfg.epochs):
        epoch_loss = run_epoch(model, optimizer)
        policy_scheduler.step(epoch_loss)
