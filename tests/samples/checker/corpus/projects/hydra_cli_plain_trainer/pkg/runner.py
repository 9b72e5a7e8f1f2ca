# seen in: hydra runners that keep the composed DictConfig they are given and save it with the weights
import torch
from omegaconf import OmegaConf


class Runner:
    def __init__(self, cfg):
        self.config = cfg
        self.net = torch.nn.Linear(2, 2)
        print(OmegaConf.to_yaml(cfg))

    def save(self, path):
        torch.save({"weights": self.net.state_dict(), "config": self.config}, path)


def restore(net, path):
    net.load_state_dict(torch.load(path)["weights"])  # finding: torch-load-saved-in-project
