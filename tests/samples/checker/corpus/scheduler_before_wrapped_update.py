# seen in: a monocular depth trainer (VNL) whose optimizer is a project wrapper: `optimizer.optim(losses)` runs
# backward and the wrapped SGD's step, and the LambdaLR (built on `optimizer.optimizer`) is stepped first in each
# iteration, so its first step comes before any optimizer step. A wrapper method not named for the update steps nothing.
import torch


class ModelOptimizer:
    def __init__(self, model):
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)

    def optim(self, losses):
        self.optimizer.zero_grad()
        losses["total"].backward()
        self.optimizer.step()


def train(loader, model, optimizer, scheduler):
    for batch in loader:
        scheduler.step()  # finding: scheduler-step-before-optimizer
        losses = {"total": model(batch).mean()}
        optimizer.optim(losses)


def evaluate(loader, model, optimizer, scheduler):
    for batch in loader:
        scheduler.step()
        optimizer.report(model(batch))


def main(model, loader):
    optimizer = ModelOptimizer(model)
    scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer.optimizer, lr_lambda=lambda it: 0.9 ** it)
    train(loader, model, optimizer, scheduler)
