# seen in: microsoft/InnerEye-DeepLearning Tests/ML/utils/test_lr_scheduler.py (a test module that never steps an
# optimizer: every scheduler it steps warns "Detected call of `lr_scheduler.step()` before `optimizer.step()`")
import torch


def enumerate_scheduler(scheduler, steps):
    lrs = []
    for _ in range(steps):
        lrs.append(scheduler.get_last_lr()[0])
        scheduler.step()  # finding: scheduler-step-before-optimizer
    return lrs


def test_exponential():
    optimizer = torch.optim.SGD([torch.nn.Parameter(torch.ones(1))], lr=1.0)
    lrs = enumerate_scheduler(torch.optim.lr_scheduler.ExponentialLR(optimizer, 0.5), 3)
    assert lrs == [1.0, 0.5, 0.25]


def test_state(make_scheduler):
    lr_scheduler_1 = make_scheduler()
    lr_scheduler_1.step()  # finding: scheduler-step-before-optimizer
    lr_scheduler_1.step()
    lr_scheduler_1._scheduler.step()  # finding: scheduler-step-before-optimizer
