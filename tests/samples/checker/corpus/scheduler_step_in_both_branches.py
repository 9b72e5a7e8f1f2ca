# seen in: a segmentation trainer whose batch loop opens with `if <policy is per-iteration>: scheduler.step(...)
# else: scheduler.step(...)` before the forward pass and optimizer.step(): whichever branch runs, the scheduler
# steps first: "Detected call of `lr_scheduler.step()` before `optimizer.step()`" on 2.15
import torch


class SegTrainer:
    def __init__(self, net, config):
        self.net = net
        self.config = config
        self.optimizer = torch.optim.SGD(net.parameters(), lr=0.01)
        self.scheduler = torch.optim.lr_scheduler.LambdaLR(self.optimizer, lambda it: 1.0 - it / 1000)

    def train_epoch(self, loader):
        for images, labels in loader:
            if self.config.get("lr", "metric") == "iters":
                self.scheduler.step()  # finding: scheduler-step-before-optimizer
            else:
                self.scheduler.step()  # finding: scheduler-step-before-optimizer
            loss = self.net(images, labels)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()

    def one_branch(self, loader):
        for images, labels in loader:
            if self.config.get("lr", "metric") == "iters":  # may first hold after iterations that trained
                self.scheduler.step()
            else:
                self.config.plus_one("epoch")
            loss = self.net(images, labels)
            loss.backward()
            self.optimizer.step()

    def after_training(self, loader):
        for images, labels in loader:
            loss = self.net(images, labels)
            loss.backward()
            self.optimizer.step()
            if self.config.get("lr", "metric") == "iters":
                self.scheduler.step()
            else:
                self.scheduler.step()
