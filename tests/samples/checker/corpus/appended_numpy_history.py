# seen in: segmentation trainers (nnU-Net style) that keep per-epoch losses in lists filled with np.mean(...)
# and save them in the checkpoint; the class's own load hands the file to a method reading its keys
import numpy as np
import torch


class Trainer:
    def __init__(self, network, optimizer):
        self.network = network
        self.optimizer = optimizer
        self.train_losses = []
        self.val_losses = []
        self.epoch = 0

    def run_epoch(self, batches):
        losses = [self.step(batch) for batch in batches]
        self.train_losses.append(np.mean(losses))

    def step(self, batch):
        return float(self.network(batch).mean())

    def save_checkpoint(self, fname):
        state = {"epoch": self.epoch, "state_dict": self.network.state_dict(),
                 "curves": (self.train_losses, self.val_losses)}
        torch.save(state, fname)

    def load_checkpoint(self, fname):
        saved = torch.load(fname, map_location="cpu")  # finding: torch-load-saved-in-project
        self.restore_from(saved)

    def restore_from(self, checkpoint):
        self.network.load_state_dict(checkpoint["state_dict"])
        self.epoch = checkpoint["epoch"]
        self.train_losses, self.val_losses = checkpoint["curves"]


class Evaluator:
    def __init__(self, network):
        self.network = network
        self.scores = []

    def evaluate(self, batches):
        self.scores.append(float(np.mean([self.network(b).mean().item() for b in batches])))

    def save_state(self, fname):
        state = {"step": len(self.scores), "weights": self.network.state_dict(), "history": (self.scores,)}
        torch.save(state, fname)

    def load_state(self, fname):
        saved = torch.load(fname, map_location="cpu")
        self.apply_state(saved)

    def apply_state(self, state):
        self.network.load_state_dict(state["weights"])
        self.scores = list(state["history"][0])
