# seen in: fast-autoaugment's train.py (scheduler.step(epoch - 1 + float(steps) / total_steps) every batch, the
# scheduler a CosineAnnealingLR or LambdaLR the file builds): a fractional epoch is taken on purpose only by
# CosineAnnealingWarmRestarts, which this file never uses; the others warn "The epoch parameter in
# `scheduler.step()` was not necessary and is being deprecated where possible" on 2.15 (run)
import torch


def run_epoch(loader, optimizer, epoch, scheduler=None, sched=None):
    total_steps = len(loader)
    for steps, batch in enumerate(loader, 1):
        optimizer.step()
        if scheduler is not None:
            scheduler.step(epoch - 1 + float(steps) / total_steps)  # finding: scheduler-step-epoch
        if sched is not None:
            sched.step(epoch + steps / total_steps)  # a name this file never binds to a scheduler


def train(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=epochs)
    for epoch in range(1, epochs + 1):
        run_epoch(loader, optimizer, epoch, scheduler=scheduler)
