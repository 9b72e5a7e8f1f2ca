"""Two progress meters: one keeps a local average over a window with np.average (an np.float64), the other a
plain Python running mean."""
import numpy as np


class AverageMeter:
    def __init__(self):
        self.history = []
        self.local_avg = 0

    def update(self, value, step=5):
        self.history.append(value)
        self.local_avg = np.average(self.history[-step:])


class RunningMeter:
    def __init__(self):
        self.total, self.count, self.avg = 0.0, 0, 0.0

    def update(self, value):
        self.total += value
        self.count += 1
        self.avg = self.total / self.count
