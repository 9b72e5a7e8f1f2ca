# seen in: schedule demos under `if __name__ == "__main__":` (a segmentation repo's lr_scheduler.py plots its
# warmup-poly schedule by stepping it 20000 times) and test helpers: the optimizer is built right there and never
# stepped, so the scheduler's first step() warns "Detected call of `lr_scheduler.step()` before `optimizer.step()`"
import torch
from torch.optim.lr_scheduler import _LRScheduler


class WarmupPolyLrScheduler(_LRScheduler):
    def __init__(self, optimizer, power, max_iter, last_epoch=-1):
        self.power, self.max_iter = power, max_iter
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        return [lr * (1 - self.last_epoch / self.max_iter) ** self.power for lr in self.base_lrs]


def plot_schedule(max_iter):
    model = torch.nn.Conv2d(3, 16, 3, 1, 1)
    optim = torch.optim.SGD(model.parameters(), lr=1e-3)
    lr_scheduler = WarmupPolyLrScheduler(optim, 0.9, max_iter)
    lrs = []
    for _ in range(max_iter):
        lrs.append(optim.param_groups[0]["lr"])
        lr_scheduler.step()  # finding: scheduler-step-before-optimizer
    return lrs


def train_then_step(model, loader, train_epoch, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=10)
    for epoch in range(epochs):
        train_epoch(model, loader, optimizer)  # steps it
        scheduler.step()


def closure_steps(model, loader, epochs):
    optimizer = torch.optim.Adam(model.parameters())
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=10)

    def train_epoch():
        for x in loader:
            optimizer.step()

    for epoch in range(epochs):
        train_epoch()
        scheduler.step()


def stepped_here(model, loader, epochs):
    optimizer = torch.optim.Adam(model.parameters())
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=10)
    for epoch in range(epochs):
        for x in loader:
            model(x).sum().backward()
            optimizer.step()
        scheduler.step()


if __name__ == "__main__":
    net = torch.nn.Linear(2, 2)
    opt = torch.optim.SGD(net.parameters(), lr=1e-3)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=100)
    for _ in range(100):
        print(sched.get_last_lr())
        sched.step()  # finding: scheduler-step-before-optimizer
