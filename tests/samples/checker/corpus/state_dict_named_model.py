# seen in: learned physics simulators (gns's meshnet) whose save() binds `model = self.state_dict()` and saves
# {'model': model, ...} with dicts of tensors beside it: the file loads under weights_only=True, whatever the entry is
# called. A model saved whole under that name is refused.
import torch
import torch.nn as nn


class Simulator(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer = nn.Linear(3, 3)
        self.stats = {"mean": torch.zeros(3), "count": 0}

    def save(self, path):
        model = self.state_dict()
        torch.save({"model": model, "normalizer": self.stats}, path)

    def load(self, path):
        dicts = torch.load(path)
        self.load_state_dict(dicts["model"])


def export(path):
    model = nn.Sequential(nn.Linear(3, 3))
    torch.save({"net": model}, path + ".whole")


def restore(path):
    return torch.load(path + ".whole")["net"]  # finding: torch-load-saved-objects
