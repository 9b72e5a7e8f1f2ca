# seen in: navigation trainers whose save_checkpoint(file_name) joins the name its callers give to the checkpoint
# folder, while load_checkpoint(checkpoint_path) is handed the whole path: one file, read back by the pair's loader
import os

import torch


class Trainer:
    def __init__(self, net, folder):
        self.net, self.folder = net, folder

    def save_checkpoint(self, file_name):
        torch.save(self.net, os.path.join(self.folder, file_name))

    def load_checkpoint(self, checkpoint_path):
        return torch.load(checkpoint_path)  # finding: torch-load-saved-objects


class PlainTrainer:
    def __init__(self, net, folder):
        self.net, self.folder = net, folder

    def save_checkpoint(self, file_name):
        torch.save({"state_dict": self.net.state_dict()}, os.path.join(self.folder, file_name))

    def load_checkpoint(self, checkpoint_path):
        return torch.load(checkpoint_path)
