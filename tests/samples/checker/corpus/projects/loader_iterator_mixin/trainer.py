# seen in: MixMatch/UDA re-implementations (2020) whose Trainer builds the loaders and binds the training loops of
# modules that import nothing themselves
import torch
from torch.utils.data import DataLoader

from mixmatch import train_mixmatch


class Trainer:
    def __init__(self, model, labeled, unlabeled):
        self.model = model
        self.train_loader = DataLoader(labeled, batch_size=16, shuffle=True)
        self.unsup_loader = DataLoader(unlabeled, batch_size=16, shuffle=True)
        self.optimizer = torch.optim.Adam(model.parameters())

    train = train_mixmatch
