# seen in: a translation toolkit's trainer (the scheduler, built elsewhere, steps once per epoch by keyword)
import torch


class Trainer:
    def __init__(self, scheduler, optimizer):
        self.scheduler = scheduler
        self.optimizer = optimizer

    def train(self, epochs):
        for epoch_no in range(epochs):
            self.optimizer.step()
            self.scheduler.step(epoch=epoch_no)  # finding: scheduler-step-epoch
            self.scheduler.step(epoch=None)
            self.scheduler.step()
