# The same loop and op written for torch 2.x: step() without arguments, get_last_lr(), a static Function.
import torch


class Clamp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x.clamp(min=0)

    @staticmethod
    def backward(ctx, grad):
        return grad


def fit(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    lr_scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=10)
    plateau = torch.optim.lr_scheduler.ReduceLROnPlateau(optimizer)
    for epoch in range(epochs):
        for x in loader:
            loss = Clamp.apply(model(x)).sum()
            loss.backward()
            optimizer.step()
        lr_scheduler.step()
        plateau_scheduler = plateau
        plateau_scheduler.step(loss.item())
        print(epoch, lr_scheduler.get_last_lr())


def evaluate(model, loader):
    total = 0.0
    with torch.no_grad():
        for x, y in loader:
            loss = torch.nn.functional.cross_entropy(model(x), y)
            total += loss.item()
    return total
