# seen in: mmengine's and pytorch_optimizer's scheduler tests: the receiver's class is the project's own
import torch

from sched.lr_scheduler import StepLR
from sched.warmup import CosineWarmupRestarts, HalvingStepLR, LoggedStepLR


def make_optimizer():
    return torch.optim.SGD(torch.nn.Linear(2, 2).parameters(), lr=0.1)


def test_own_scheduler_before_optimizer():
    optimizer = make_optimizer()

    def call_sch_before_optim():
        scheduler = StepLR(optimizer, step_size=3)
        scheduler.step()
        optimizer.step()

    call_sch_before_optim()


def test_built_from_epochs():
    optimizer = make_optimizer()
    scheduler = StepLR.build_iter_from_epoch(optimizer, step_size=3, epoch_length=10)
    for _ in range(3):
        optimizer.step()
        scheduler.step()


def test_torch_scheduler_before_optimizer():
    optimizer = make_optimizer()
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=3)
    scheduler.step()  # finding: scheduler-step-before-optimizer
    optimizer.step()


def test_torch_subclass_before_optimizer():
    optimizer = make_optimizer()
    scheduler = HalvingStepLR(optimizer)
    scheduler.step()  # finding: scheduler-step-before-optimizer
    optimizer.step()


def test_own_step_override():
    optimizer = make_optimizer()
    lr_scheduler = CosineWarmupRestarts(optimizer, first_cycle_steps=10)
    for epoch in range(1, 20):
        optimizer.step()
        lr_scheduler.step(epoch)


def test_override_handing_on():
    optimizer = make_optimizer()
    lr_scheduler = LoggedStepLR(optimizer, step_size=2)
    for epoch in range(1, 20):
        optimizer.step()
        lr_scheduler.step(epoch)  # finding: scheduler-step-epoch
