# seen in: pytorch-cifar-style scripts (a group-equivariant CNN benchmark): the optimizer and scheduler are module
# globals, train(epoch) steps the global optimizer without being handed it, and the epoch loop steps the scheduler
# first. On a fresh run the loop's step is the first; on a resume the catch-up loop's is: each warns in its run
import torch
import torch.nn as nn
from torch.optim.lr_scheduler import MultiStepLR

net = nn.Linear(4, 2)
optimizer = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
start_epoch, n_epochs = 0, 150


def train(epoch):
    net.train()
    optimizer.zero_grad()
    net(torch.randn(8, 4)).sum().backward()
    optimizer.step()


def evaluate(epoch, optimizer=None):
    net.eval()
    if optimizer is not None:
        optimizer.step()  # a parameter: what callers hand it


scheduler = MultiStepLR(optimizer, [50, 100], gamma=0.1)
for epoch in range(start_epoch):
    scheduler.step()  # finding: scheduler-step-before-optimizer

for epoch in range(start_epoch, n_epochs):
    scheduler.step()  # finding: scheduler-step-before-optimizer
    train(epoch)
    evaluate(epoch)
