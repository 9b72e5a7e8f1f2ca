import torch

import utility
from utility import make_plain_scheduler


class Trainer:
    def __init__(self, args, model, loader):
        self.model, self.loader = model, loader
        self.optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
        self.scheduler = utility.make_scheduler(args, self.optimizer)

    def train(self):
        self.scheduler.step()
        for x, y in self.loader:
            self.optimizer.zero_grad()
            torch.nn.functional.l1_loss(self.model(x), y).backward()
            self.optimizer.step()


class FreshTrainer:
    def __init__(self, args, model, loader):
        self.model, self.loader = model, loader
        self.optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
        self.lr_scheduler = make_plain_scheduler(args, self.optimizer)

    def train(self):
        self.lr_scheduler.step()  # finding: scheduler-step-before-optimizer
        for x, y in self.loader:
            self.optimizer.zero_grad()
            torch.nn.functional.l1_loss(self.model(x), y).backward()
            self.optimizer.step()
