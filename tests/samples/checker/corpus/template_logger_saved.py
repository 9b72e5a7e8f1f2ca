# seen in: trainers built on pytorch-template (2018-2019), whose BaseTrainer saves {'logger': self.train_logger, ...}
# with the project's Logger instance in it; a script that reads only the checkpoint's 'config' to resume still
# loads the whole file, which the weights_only load of 2.6+ refuses ("Unsupported global"). A checkpoint with only
# state dicts and numbers loads.
import os

import torch


class Logger:
    def __init__(self):
        self.entries = {}


class BaseTrainer:
    def __init__(self, model, optimizer, config, train_logger=None):
        self.model, self.optimizer, self.config = model, optimizer, config
        self.train_logger = train_logger

    def _save_checkpoint(self, epoch):
        state = {
            "epoch": epoch,
            "logger": self.train_logger,
            "state_dict": self.model.state_dict(),
            "optimizer": self.optimizer.state_dict(),
            "config": self.config,
        }
        torch.save(state, os.path.join(self.config["save_dir"], f"checkpoint-epoch{epoch}.pth"))

    def _save_weights(self, epoch):
        torch.save({"epoch": epoch, "weights": self.model.state_dict()}, "weights.pth")


def resumed_config(path):
    return torch.load(path)["config"]  # finding: torch-load-saved-in-project


def weights(path):
    return torch.load("weights.pth")["weights"]
