# seen in: a point-cloud training framework's checkpoint manager (it saves every public attribute of itself, among
# them an omegaconf DictConfig; each script that reads one entry of that file by name loads the whole pickle, which
# weights_only=True refuses on torch 2.15: Unsupported global: GLOBAL omegaconf.dictconfig.DictConfig)
import torch
from omegaconf import DictConfig


class RunCheckpoint:
    def __init__(self, path):
        self._path = path
        self.weights = {}
        self.history = {"train": [], "val": []}
        self.properties: DictConfig = DictConfig({})

    def save(self, weights, **extra):
        self.weights = weights
        to_save = extra
        for key, value in self.__dict__.items():
            if not key.startswith("_"):
                to_save[key] = value
        torch.save(to_save, self._path)


# Look-alike: an instance saved whole with no config object among its attributes (tensors and lists).
class RunningMeter:
    def __init__(self):
        self.totals = torch.zeros(3)
        self.counts = []

    def dump(self, path):
        torch.save(vars(self), path)
