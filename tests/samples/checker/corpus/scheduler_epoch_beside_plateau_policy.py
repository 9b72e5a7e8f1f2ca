# seen in: a runner's trainer that builds a StepLR, a LambdaLR or, for the "plateau" policy, a ReduceLROnPlateau
# under one name, and steps the runner's scheduler with the epoch (or iteration) counter from its state: a
# ReduceLROnPlateau takes a metric, never the counter, so the step is the StepLR's and warns; a metric stays quiet
from torch.optim import lr_scheduler


def build(optimizer, policy, total):
    if policy == "step":
        scheduler = lr_scheduler.StepLR(optimizer, 30)
    elif policy == "poly":
        scheduler = lr_scheduler.LambdaLR(optimizer, lambda epoch: (1 - epoch / total) ** 0.9)
    else:
        scheduler = lr_scheduler.ReduceLROnPlateau(optimizer, mode="min")
    return scheduler


def update(runner, by_epoch):
    if by_epoch:
        runner.scheduler.step(runner.state["epoch"])  # finding: scheduler-step-epoch
    else:
        runner.scheduler.step(runner.state["iters"] + 1)  # finding: scheduler-step-epoch


def validate(runner, val_loss, epoch_loss):
    runner.scheduler.step(val_loss)
    runner.scheduler.step(epoch_loss)
    runner.scheduler.step(runner.state["epoch_acc"])
