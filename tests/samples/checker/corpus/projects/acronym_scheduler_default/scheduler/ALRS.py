import torch


class ALRS:
    """An adaptive learning-rate schedule stepped with the epoch's loss: a plain class, no torch base."""

    def __init__(self, optimizer, decay_rate=0.97):
        self.optimizer = optimizer
        self.decay_rate = decay_rate
        self.last_loss = 999

    def step(self, loss, current_epoch):
        if self.last_loss - loss < 0.01:
            for group in self.optimizer.param_groups:
                group["lr"] = float(torch.tensor(group["lr"]) * self.decay_rate)
        self.last_loss = loss
