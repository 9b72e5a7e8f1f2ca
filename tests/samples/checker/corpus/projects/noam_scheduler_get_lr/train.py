import torch

from util.scheduler import NoamLR


def build_lr_scheduler(optimizer, args):
    return NoamLR(optimizer, args.warmup_steps, args.max_lr)


def train(model, loader, optimizer, scheduler):
    for batch in loader:
        model(batch).backward()
        optimizer.step()
        scheduler.step()
        print("lr: {:.5f}".format(scheduler.get_lr()[0]))
