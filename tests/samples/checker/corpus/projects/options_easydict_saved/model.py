# the same layout with an EasyDict: it has items as well, and weights_only refuses the class
import torch
from easydict import EasyDict


class Model:
    def __init__(self, opt, network):
        self.opt = EasyDict(opt)
        self.network = network
        self.lr = self.opt["learning_rate"]

    def save(self, filename):
        torch.save({"state_dict": self.network.state_dict(), "config": self.opt}, filename)

    def resume(self, filename):
        checkpoint = torch.load(filename)  # finding: torch-load-saved-in-project
        self.opt = checkpoint["config"]
        self.network.load_state_dict(checkpoint["state_dict"])
