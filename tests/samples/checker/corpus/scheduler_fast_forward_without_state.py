# seen in: a tracking model's train script that builds a MultiStepLR, restores a checkpoint with
# `load_checkpoint(..., scheduler=scheduler if cfg["RESUME_SCHEDULER"] else None)` and, when the scheduler's state
# was not restored, fast-forwards it to the start epoch before training: the first of those steps warns "Detected
# call of `lr_scheduler.step()` before `optimizer.step()`" on 2.15; the restored branch (its step count comes
# back) is quiet
import torch
from torch.optim.lr_scheduler import MultiStepLR

from .checkpoints import load_checkpoint
from .engine import train_one_epoch


def main(cfg, model, loader, states):
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg["LR"])
    scheduler = MultiStepLR(optimizer=optimizer, milestones=cfg["MILESTONES"])
    if cfg["RESUME"] is not None:
        load_checkpoint(model=model, path=cfg["RESUME"], optimizer=optimizer,
                        scheduler=scheduler if cfg["RESUME_SCHEDULER"] else None, states=states)
        if cfg["RESUME_SCHEDULER"]:
            scheduler.step()
        else:
            for _ in range(states["start_epoch"]):
                scheduler.step()  # finding: scheduler-step-before-optimizer
    for epoch in range(states["start_epoch"], cfg["EPOCHS"]):
        train_one_epoch(model, loader, optimizer)
        scheduler.step()


def main_restored(cfg, model, loader, states):
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg["LR"])
    scheduler = MultiStepLR(optimizer, milestones=cfg["MILESTONES"])
    if cfg["RESUME"] is not None:
        load_checkpoint(model=model, path=cfg["RESUME"], optimizer=optimizer, scheduler=scheduler)
        for _ in range(states["start_epoch"]):
            scheduler.step()  # the scheduler's saved state (and step count) came back
    for epoch in range(states["start_epoch"], cfg["EPOCHS"]):
        train_one_epoch(model, loader, optimizer)
        scheduler.step()


def main_fresh_resume(cfg, model, loader, states):
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg["LR"])
    scheduler = MultiStepLR(optimizer, milestones=cfg["MILESTONES"])
    if cfg["RESUME"] is not None:
        model.load_state_dict(states["model"])
        for _ in range(states["start_epoch"]):
            scheduler.step()  # finding: scheduler-step-before-optimizer
    for epoch in range(states["start_epoch"], cfg["EPOCHS"]):
        train_one_epoch(model, loader, optimizer)


def main_in_loop(cfg, model, loader, states):
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg["LR"])
    scheduler = MultiStepLR(optimizer, milestones=cfg["MILESTONES"])
    for epoch in range(cfg["EPOCHS"]):
        if epoch >= cfg["WARMUP"]:  # first holds after epochs that trained
            scheduler.step()
        train_one_epoch(model, loader, optimizer)
