# seen in: contrastive-learning linear-eval scripts (a cosine schedule built under `if args.cosine:`, a "dummy loop
# to catch up with current epoch" stepping it start_epoch-1 times right after, then an epoch loop opening with
# `if args.cosine: scheduler.step()` before train(..., optimizer, ...)), and a segmentation repo's schedule demo
# that calls its schedule with the optimizer. Each first step runs before any optimizer.step() and warns
# "Detected call of `lr_scheduler.step()` before `optimizer.step()`" on 2.15.
import torch
from torch.optim.lr_scheduler import _LRScheduler


def train(loader, model, optimizer):
    for x in loader:
        optimizer.zero_grad()
        model(x).sum().backward()
        optimizer.step()


def main(args, model, loader, optimizer):
    if args.cosine:
        scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, args.epochs, 0.0, -1)
        for i in range(1, args.start_epoch):
            scheduler.step()  # finding: scheduler-step-before-optimizer
    for epoch in range(args.start_epoch, args.epochs + 1):
        if args.cosine:
            scheduler.step()  # finding: scheduler-step-before-optimizer
        else:
            args.lr *= 0.1
        train(loader, model, optimizer)


def main_not_none(model, loader, optimizer, scheduler, epochs):
    for epoch in range(epochs):
        if scheduler is not None:
            scheduler.step()  # finding: scheduler-step-before-optimizer
        train(loader, model, optimizer)


def resume_after_training(model, loader, optimizer, trainer, epochs):
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, 10)
    trainer.fit(model, loader, optimizer)  # may step the optimizer: nothing is certain after it
    for _ in range(epochs):
        scheduler.step()


def other_guard(args, model, loader, optimizer):
    if args.cosine:
        scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, args.epochs)
    for epoch in range(args.epochs):
        if epoch > args.warmup:  # not the guard it was built under: the first step may come after training
            scheduler.step()
        train(loader, model, optimizer)


def warm_restarts(optimizer, epochs):
    scheduler = torch.optim.lr_scheduler.CosineAnnealingWarmRestarts(optimizer, 10)
    for epoch in range(epochs):
        scheduler.step()  # CosineAnnealingWarmRestarts's step does not check the optimizer


def second_schedule(model, loader, optimizer, epochs):
    warmup = torch.optim.lr_scheduler.LinearLR(optimizer)
    for _ in range(epochs):
        train(loader, model, optimizer)
        warmup.step()
    cosine = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, epochs)
    cosine.step()  # the optimizer was stepped while the first scheduler wrapped it


class OneCycle(_LRScheduler):
    def __init__(self, optimizer, iters, last_epoch=-1):
        self.low = [group["lr"] / 25 for group in optimizer.param_groups]  # its own parameter, not the demo's
        self.iters = iters
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        return [lr * (1 - self.last_epoch / self.iters) for lr in self.base_lrs]

    def __call__(self, optimizer, i, epoch):
        for group in optimizer.param_groups:
            group["lr"] = self.get_lr()[0]


if __name__ == "__main__":
    net = torch.nn.Linear(2, 2)
    optimizer = torch.optim.SGD(net.parameters(), lr=0.01)
    lr_scheduler = OneCycle(optimizer, 100)
    lrs = []
    for i in range(100):
        lr_scheduler.step()  # finding: scheduler-step-before-optimizer
        lr_scheduler(optimizer, i, 0)  # handing the optimizer to the schedule steps nothing
        lrs.append(optimizer.param_groups[0]["lr"])
