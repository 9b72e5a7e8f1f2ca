# seen in: openfold utils/geometry/vector.py (Vec3Array.cross of its own), skorch examples/word_language_model
# (Net.sample_n, a text generator), composer callbacks (state_dict(self) of their own)
import dataclasses

import torch
from torch import nn


@dataclasses.dataclass
class Vec3:
    x: torch.Tensor
    y: torch.Tensor
    z: torch.Tensor

    def cross(self, other):
        return Vec3(self.y * other.z - self.z * other.y, self.z * other.x - self.x * other.z,
                    self.x * other.y - self.y * other.x)


class Generator:
    def sample_n(self, num_words, input, temperature=1.0):
        return input[:num_words]


class Callback:
    def state_dict(self):  # takes no positional argument: it does not explain the call below
        return {}


class Block(nn.Module):  # a torch base: its own method overrides torch's, so it does not quiet the rule
    def cholesky(self, upper=False):
        return self


def dihedral(a: Vec3, b: Vec3, c: Vec3):
    return a.cross(b), b.cross(c)


words = Generator().sample_n(10, torch.arange(20))
model = nn.Linear(2, 2)
sd = model.state_dict(None, "prefix.")  # finding: module-state-dict-positional
L = torch.eye(2).cholesky()  # finding: tensor-cholesky-removed


class Network(Block):  # a torch base through the project's own Block: its state_dict is Module.state_dict
    def state_dict(self, destination=None, prefix="", keep_vars=False):
        return super().state_dict(destination, prefix, keep_vars)  # finding: module-state-dict-positional


class Env:  # a gym-style step(action): it does not explain a call whose rule names its receiver
    def step(self, action):
        return action


def train(optimizer, epoch):
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, 10)
    optimizer.step()
    scheduler.step(epoch)  # finding: scheduler-step-epoch
