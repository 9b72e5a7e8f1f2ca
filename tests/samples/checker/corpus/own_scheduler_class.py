# seen in: an NLP toolkit's warmup-then-plateau scheduler, a plain class over an optimizer whose step takes the
# number of steps taken (stanza's WarmupThenPlateauScheduler and its tests); a torch scheduler subclass, or a
# name the file also binds to a torch scheduler, keeps the finding
import torch
from torch.optim.lr_scheduler import LambdaLR, StepLR


class WarmupPlateau:
    def __init__(self, optimizer, warmup):
        self.optimizer = optimizer
        self.warmup = warmup
        self.total = 0

    def step(self, num_steps, metrics=None):
        self.total += num_steps


class ScaledLambda(LambdaLR):
    def step(self, epoch=None):
        super().step(epoch)


def make_scheduler(warmup):
    opt = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=0.1)
    sched = WarmupPlateau(opt, warmup)
    return opt, sched


def test_constant_after_warmup():
    opt, sched = make_scheduler(0)
    for steps in range(3):
        sched.step(steps)


def train(opt, epochs):
    lr_sched = ScaledLambda(opt, lambda e: 1.0)
    for epoch in range(epochs):
        lr_sched.step(epoch)  # finding: scheduler-step-epoch
    scheduler = WarmupPlateau(opt, 0)
    scheduler = StepLR(opt, 10)
    opt.step()  # (stepping StepLR before any optimizer step would warn too: scheduler-step-before-optimizer)
    scheduler.step(epoch)  # finding: scheduler-step-epoch
