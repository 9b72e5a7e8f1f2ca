import torch

from tracker.utils.lr_scheduler import build_lr_scheduler


def build_opt_lr(model, start_epoch):
    optimiser = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    lr_scheduler = build_lr_scheduler(optimiser, epochs=20)
    lr_scheduler.step()  # finding: scheduler-step-before-optimizer
    return optimiser, lr_scheduler


def run_epoch(model, loader, optimiser):
    for x, y in loader:
        optimiser.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        optimiser.step()


def train(model, loader, optimiser, lr_scheduler, epochs):
    for epoch in range(epochs):
        if lr_scheduler:
            lr_scheduler.step()  # finding: scheduler-step-before-optimizer
        run_epoch(model, loader, optimiser)
