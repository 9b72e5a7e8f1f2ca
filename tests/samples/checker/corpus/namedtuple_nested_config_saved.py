# seen in: a multitask trainer that saves ``self.config._asdict()`` of a NamedTuple config whose fields default to
# other NamedTuple configs: _asdict() is shallow, so the saved dict still holds those instances ("Unsupported
# global" under weights_only=True on torch 2.15)
import os
from typing import NamedTuple

import torch


class SchedulerConfig(NamedTuple):
    warmup_steps: int = 0


class TrainerConfig(NamedTuple):
    n_epochs: int = 1
    lr: float = 0.01
    scheduler_config: SchedulerConfig = SchedulerConfig()


class FlatConfig(NamedTuple):
    n_epochs: int = 1
    name: str = "run"


def merge_config(config, kwargs):
    return config._replace(**kwargs)


class Trainer:
    def __init__(self, **kwargs):
        self.config: TrainerConfig = merge_config(TrainerConfig(), kwargs)
        self.flat = FlatConfig()

    def save(self, trainer_path):
        os.makedirs(os.path.dirname(trainer_path), exist_ok=True)
        torch.save({"trainer_config": self.config._asdict(), "optimizer": self.optimizer.state_dict()}, trainer_path)

    def load(self, trainer_path):
        saved_state = torch.load(trainer_path)  # finding: torch-load-saved-objects
        self.optimizer.load_state_dict(saved_state["optimizer"])

    def save_flat(self, flat_path):
        # a NamedTuple of scalars: _asdict() gives a plain dict
        torch.save({"config": self.flat._asdict(), "optim_state": self.optimizer.state_dict()}, flat_path)

    def load_flat(self, flat_path):
        state = torch.load(flat_path)
        self.optimizer.load_state_dict(state["optim_state"])
