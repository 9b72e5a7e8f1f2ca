# seen in: Ultra-Fast-Lane-Detection and sngan.pytorch, whose own schedules carry torch's names (MultiStepLR) or an
# Lr word (LinearLrDecay) and take the global step: plain classes that set the learning rates themselves
class MultiStepLR:
    def __init__(self, optimizer, steps, gamma=0.1):
        self.optimizer, self.steps, self.gamma = optimizer, steps, gamma
        self.base = [group["lr"] for group in optimizer.param_groups]

    def step(self, external_iter=None):
        passed = sum(1 for step in self.steps if external_iter is not None and external_iter >= step)
        for group, lr in zip(self.optimizer.param_groups, self.base):
            group["lr"] = lr * self.gamma ** passed


def make_schedule(optimizer, steps):
    return MultiStepLR(optimizer, steps)
