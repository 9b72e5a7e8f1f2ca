import os

import torch


class Saver:
    def __init__(self, folder):
        self.folder = folder

    def save_checkpoint(self, state, filename="checkpoint.pth.tar"):
        torch.save(state, os.path.join(self.folder, filename))
