# seen in: detection/pose training scripts whose epoch loop steps the scheduler first and then calls the file's
# own train(loader, net, criterion, optimizer, ...), whose batch loop calls optimizer.step() (pytorch-ssd's
# train_ssd.py): the first scheduler.step() runs before any optimizer.step(). A helper that is not handed the
# optimizer, or that never steps one, does not count.
import torch
from torch.optim.lr_scheduler import MultiStepLR


def train(loader, net, criterion, optimizer, epoch=-1):
    for images, targets in loader:
        optimizer.zero_grad()
        loss = criterion(net(images), targets)
        loss.backward()
        optimizer.step()


def evaluate(loader, net, optimizer):
    return sum(float(net(x).sum()) for x in loader)


def main(net, loader, criterion, epochs):
    optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
    scheduler = MultiStepLR(optimizer, milestones=[10, 20])
    for epoch in range(epochs):
        scheduler.step()  # finding: scheduler-step-before-optimizer
        train(loader, net, criterion, optimizer, epoch=epoch)


def main_quiet(net, loader, optimizer, scheduler, epochs):  # (built here, its first step would warn regardless)
    for epoch in range(epochs):
        scheduler.step()
        evaluate(loader, net, optimizer)
