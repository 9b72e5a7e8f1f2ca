# seen in: micro-expression training scripts whose --scheduler option (default 'Exp') builds an ExponentialLR or a
# ReduceLROnPlateau and steps either with the epoch's loss under one test: with 'Exp' the loss is taken as the epoch
import argparse

import torch
from torch import optim

parser = argparse.ArgumentParser()
parser.add_argument("--scheduler", choices=["Exp", "Plateau", "Step"], default="Exp")
args = parser.parse_args()
net = torch.nn.Linear(4, 2)
optimizer = optim.SGD(net.parameters(), lr=0.1)
if args.scheduler == "Exp":
    scheduler = optim.lr_scheduler.ExponentialLR(optimizer, gamma=0.9)
elif args.scheduler == "Plateau":
    scheduler = optim.lr_scheduler.ReduceLROnPlateau(optimizer, mode="min")
elif args.scheduler == "Step":
    scheduler = optim.lr_scheduler.MultiStepLR(optimizer, milestones=[30, 60])

for epoch in range(3):
    loss = net(torch.randn(8, 4)).pow(2).mean()
    loss.backward()
    optimizer.step()
    train_loss = loss.item()
    if args.scheduler == "Exp" or args.scheduler == "Plateau":
        scheduler.step(train_loss)  # finding: scheduler-step-epoch
    elif args.scheduler == "Step":
        scheduler.step()
    if args.scheduler == "Plateau":
        scheduler.step(train_loss)
