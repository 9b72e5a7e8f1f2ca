# seen in: a super-resolution trainer's optimizer wrapper whose load() restores the optimizer state and then
# fast-forwards its MultiStepLR by the number of finished epochs, before any optimizer.step(); a resume that
# restores the scheduler's own state (its step count) is quiet
import os

import torch
from torch.optim.lr_scheduler import MultiStepLR


class WrappedSGD(torch.optim.SGD):
    def register(self, milestones):
        self.scheduler = MultiStepLR(self, milestones)

    def load(self, load_dir, epoch=1):
        self.load_state_dict(torch.load(os.path.join(load_dir, "optimizer.pt"), weights_only=True))
        if epoch > 1:
            for _ in range(epoch):
                self.scheduler.step()  # finding: scheduler-step-before-optimizer

    def load_all(self, ckpt, epoch):
        self.load_state_dict(ckpt["optimizer"])
        self.scheduler.load_state_dict(ckpt["scheduler"])
        for _ in range(epoch):
            self.scheduler.step()


class CompositeLoss:
    def load(self, state, log):
        self.load_state_dict(state)
        for part in self.parts:
            if hasattr(part, "scheduler"):
                for _ in range(len(log)):
                    part.scheduler.step()
