import numpy as np


class RunningMeanStd:
    """Observation statistics kept as numpy arrays."""

    def __init__(self, shape):
        self.count = 0
        self.mean = np.zeros(shape, np.float32)
        self.var = np.ones(shape, np.float32)
        self.label = "obs"

    def update(self, x):
        self.count += 1
        self.mean = self.mean + (x - self.mean) / self.count


class Clipper:
    def __init__(self, shape, clip=5.0):
        self.stats = RunningMeanStd(shape)
        self.clip = clip

    def __call__(self, x):
        self.stats.update(x)
        return np.clip((x - self.stats.mean) / (self.stats.var ** 0.5 + 1e-8), -self.clip, self.clip)
