# seen in: self-supervised denoising scripts (Blind2Unblind's train_*.py): a MultiStepLR built at module level, an
# optional resume that rebinds the scheduler, a pretrained network loaded by a helper, then `if opt.checkpoint:`
# a warm-up loop stepping the fresh scheduler to epoch 60 before the training loop's first optimizer.step():
# "Detected call of `lr_scheduler.step()` before `optimizer.step()`" on 2.15 (the path without --resume)
import argparse
import logging

import torch
from torch import nn, optim
from torch.optim import lr_scheduler

logger = logging.getLogger(__name__)
parser = argparse.ArgumentParser()
parser.add_argument("--resume")
parser.add_argument("--checkpoint")
opt = parser.parse_args()


def load_network(path, network):
    network.load_state_dict(torch.load(path, weights_only=True))
    return network


def resume_state(path, optimizer, scheduler):
    state = torch.load(path, weights_only=True)
    optimizer.load_state_dict(state["optimizer"])
    scheduler.load_state_dict(state["scheduler"])
    return state["epoch"], optimizer, scheduler


network = nn.Linear(4, 4)
optimizer = optim.Adam(network.parameters(), lr=1e-3)
scheduler = lr_scheduler.MultiStepLR(optimizer, milestones=[20, 40], gamma=0.5)
epoch_init = 1
if opt.resume is not None:
    epoch_init, optimizer, scheduler = resume_state(opt.resume, optimizer, scheduler)
if opt.checkpoint is not None:
    network = load_network(opt.checkpoint, network)
    logger.info("loaded %s", opt.checkpoint)
if opt.checkpoint is not None:
    epoch_init = 60
    for i in range(1, epoch_init):
        scheduler.step()  # finding: scheduler-step-before-optimizer
for epoch in range(epoch_init, 100):
    optimizer.zero_grad()
    network(torch.randn(2, 4)).sum().backward()
    optimizer.step()
    scheduler.step()


def fine_tune(model, path):
    optimizer = optim.SGD(model.parameters(), lr=0.1)
    scheduler = lr_scheduler.StepLR(optimizer, 10)
    warm_start(model, optimizer, path)  # handed the optimizer: it may step it
    for _ in range(5):
        scheduler.step()


def warm_start(model, optimizer, path):
    model(torch.randn(2, 4)).sum().backward()
    optimizer.step()


def resume_schedule(args, network, dataset_loader):
    # seen in: a calibration study's train.py (focal_calibration): the loaders built between the schedule and its
    # catch-up loop (get_train_valid_loader builds data, it trains nothing)
    optimizer = optim.SGD(network.parameters(), lr=0.1)
    scheduler = lr_scheduler.MultiStepLR(optimizer, milestones=[150, 250], gamma=0.1)
    if args.dataset == "tiny_imagenet":
        train_loader = dataset_loader[args.dataset].get_data_loader(split="train")
    else:
        train_loader, val_loader = dataset_loader[args.dataset].get_train_valid_loader(batch_size=128)
    for epoch in range(0, args.start_epoch):
        scheduler.step()  # finding: scheduler-step-before-optimizer
    for batch in train_loader:
        optimizer.zero_grad()
        network(batch).sum().backward()
        optimizer.step()
    scheduler.step()
