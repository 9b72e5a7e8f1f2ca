# seen in: a long-text BERT classifier (bert_for_longer_texts' belt_nlp/bert.py) saves its whole network module and
# reads it back with the path given by keyword, torch.load(f=...); the path names the file as plainly as a first
# argument does.
from pathlib import Path

import torch
from torch import nn


class Network(nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = nn.Linear(4, 2)


class Classifier:
    def __init__(self):
        self.network = Network()

    def save(self, folder):
        folder = Path(folder)
        torch.save(self.network, folder / "model.bin")

    @classmethod
    def load(cls, folder, device="cpu"):
        folder = Path(folder)
        made = cls()
        made.network = torch.load(f=folder / "model.bin", map_location=device)  # finding: torch-load-saved-objects
        return made

