# seen in: AI4Finance-Foundation/ElegantRL agents/AgentBase.py (save_or_load_agent writes each named attribute whole:
# the actor and critic modules and their optimizers; weights_only refuses them: Unsupported global:
# GLOBAL torch.optim.adam.Adam)
import os

import torch


class Agent:
    def __init__(self):
        self.act = None
        self.act_optimizer = None
        self.save_attr_names = {"act", "act_optimizer"}
        self.stat_names = ("reward_mean", "reward_std")

    def save_or_load_agent(self, cwd, if_save):
        for attr_name in self.save_attr_names:
            file_path = f"{cwd}/{attr_name}.pth"
            if if_save:
                torch.save(getattr(self, attr_name), file_path)
            elif os.path.isfile(file_path):
                setattr(self, attr_name, torch.load(file_path, map_location="cpu"))  # finding: torch-load-saved-objects

    def save_or_load_stats(self, cwd, if_save):
        for name in self.stat_names:  # tensors by their names: nothing says they are objects
            path = f"{cwd}/{name}.pt"
            if if_save:
                torch.save(getattr(self, name), path)
            else:
                setattr(self, name, torch.load(path))
