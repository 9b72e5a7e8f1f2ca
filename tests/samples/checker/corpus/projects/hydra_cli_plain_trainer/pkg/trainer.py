# seen in: FAIR-Chem/fairchem trainers/base_trainer.py (self.config is a dict display of primitives and yaml dicts;
# the checkpoint {state_dict, config, optimizer, ...} loads under weights_only=True on torch 2.15)
import torch
import yaml


class Trainer:
    def __init__(self, task, model, optimizer, run_dir):
        self.config = {"task": task, "model": model, "optim": optimizer, "cmd": {"checkpoint_dir": run_dir}}
        self.net = torch.nn.Linear(2, 2)
        self.optimizer = torch.optim.SGD(self.net.parameters(), lr=0.1)

    def save(self, path):
        state = {"state_dict": self.net.state_dict(), "optimizer": self.optimizer.state_dict(),
                 "config": self.config, "step": 3}
        torch.save(state, path)


def load_yaml(path):
    with open(path) as f:
        return yaml.safe_load(f)
