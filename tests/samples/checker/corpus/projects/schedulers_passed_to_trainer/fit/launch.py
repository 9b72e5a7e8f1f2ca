# builds the schedulers and hands them to the loop by name
import torch
from torch.optim.lr_scheduler import LambdaLR

from fit.loop import Loop
from fit.schedules import HalfCosineWarmup, HoldThenStep, MomentumScheduler


def launch(model, warmup_steps):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    main_sched = LambdaLR(optimizer, lambda epoch: 0.9 ** epoch)
    if warmup_steps:
        warmup_sched = HalfCosineWarmup(optimizer, total=warmup_steps)
    else:
        warmup_sched = None
    hold_sched = HoldThenStep(optimizer, step_size=5)
    bn_sched = MomentumScheduler(model, lambda epoch: 0.1)
    loop = Loop(model, optimizer, main_sched, warmup_sched=warmup_sched, hold_sched=hold_sched, bn_sched=bn_sched)
    return loop
