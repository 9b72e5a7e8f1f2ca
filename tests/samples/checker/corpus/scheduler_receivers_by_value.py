# seen in: jukebox (a scheduler passed around as `shd`), KAIR (a list of schedulers), ignite (get_lr inside the flag)
from torch.optim import lr_scheduler


def get_lr_scheduler(opt):
    shd = lr_scheduler.LambdaLR(opt, lambda step: 1.0)
    return shd


def train(opt, shd, loader):
    lr = None
    for _ in loader:
        opt.step()
        lr = shd.get_lr()[0]  # finding: scheduler-get-lr
        shd.step()
    return lr


def restore(shd, state):
    shd.step(state["step"])  # finding: scheduler-step-epoch


def resume(runner, state):
    runner.step(state["step"])


class Model:
    def __init__(self, opt):
        self.schedulers = []
        self.schedulers.append(lr_scheduler.MultiStepLR(opt, [10, 20]))

    def current_learning_rate(self):
        return self.schedulers[0].get_lr()[0]  # finding: scheduler-get-lr

    def last_learning_rate(self):
        return self.schedulers[0].get_last_lr()[0]


class Handler:
    def __init__(self, scheduler):
        self.lr_scheduler = scheduler

    def get_param(self):
        self.lr_scheduler._get_lr_called_within_step = True
        values = self.lr_scheduler.get_lr()
        self.lr_scheduler._get_lr_called_within_step = False
        return values
