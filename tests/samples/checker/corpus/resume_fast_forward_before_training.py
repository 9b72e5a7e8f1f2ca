# seen in: certified-training scripts that resume from a checkpoint by stepping the learning-rate schedule once per
# finished epoch (beside an epsilon schedule of their own) before the training loop: the first of those steps
# precedes every optimizer step, and torch warns at it
import torch
from torch import optim


def train_epoch(model, loader, opt):
    for x, y in loader:
        opt.zero_grad()
        model(x).sum().backward()
        opt.step()


def main(args, model, loader, eps_schedule):
    epoch = 0
    if args.load:
        checkpoint = torch.load(args.load, weights_only=True)
        epoch = checkpoint["epoch"]
        model.load_state_dict(checkpoint["state_dict"])
    opt = optim.Adam(model.parameters(), lr=args.lr)
    lr_scheduler = optim.lr_scheduler.MultiStepLR(opt, milestones=[10, 20], gamma=0.1)
    if epoch > 0:
        for _ in range(epoch):
            lr_scheduler.step()  # finding: scheduler-step-before-optimizer
            eps_schedule.step_epoch()
    for t in range(epoch + 1, args.num_epochs):
        train_epoch(model, loader, opt)
        lr_scheduler.step()


def main_trained_first(args, model, loader):
    model.load_state_dict(torch.load(args.load, weights_only=True))
    opt = optim.Adam(model.parameters(), lr=args.lr)
    lr_scheduler = optim.lr_scheduler.StepLR(opt, 10)
    train_epoch(model, loader, opt)  # the optimizer steps after the scheduler wrapped it: the steps below are quiet
    for _ in range(3):
        lr_scheduler.step()


def main_solvers(args, encoder, loader):
    # a 3D-reconstruction trainer: after a restore, its epoch loop trains with optimizers named solvers and steps the
    # schedules at the end of each epoch; that loop is no fast-forward
    encoder_solver = torch.optim.Adam(encoder.parameters(), lr=args.lr)
    encoder_lr_scheduler = torch.optim.lr_scheduler.MultiStepLR(encoder_solver, milestones=[150])
    if args.resume:
        encoder.load_state_dict(torch.load(args.weights, weights_only=True)["encoder_state_dict"])
    for epoch_idx in range(args.epochs):
        for x, y in loader:
            encoder.zero_grad()
            encoder(x).sum().backward()
            encoder_solver.step()
        encoder_lr_scheduler.step()
