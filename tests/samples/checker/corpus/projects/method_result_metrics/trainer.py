# seen in: an NLI trainer (PENLI's BaselineTrainer): the checkpoint is the metrics dict a method of the class returns
# (its accuracy a numpy float64 of (ground_truth == predictions).sum() / n, stored after the dict is built), with the
# model's state stored into it by the caller; the resume reads that file back
import os

import numpy as np
import torch


class Trainer:
    def __init__(self, model, config):
        self.model, self.config = model, config

    def train(self, resume=False):
        if resume:
            self._load_model()
        for epoch in range(10):
            valid_result = self._eval_epoch(epoch)
            valid_result["state_dict"] = self.model.state_dict()
            torch.save(valid_result, os.path.join(self.config["save_dir"], "checkpoint_last.pt"))
            summary = self._summary(epoch)
            summary["state_dict"] = self.model.state_dict()
            torch.save(summary, os.path.join(self.config["save_dir"], "summary.pt"))

    def _eval_epoch(self, epoch):
        result = None
        ground_truth, predictions = [], []
        for batch in range(3):
            result = {"loss": 1.0}
        acc = (np.asarray(ground_truth) == np.asarray(predictions)).sum() / 10
        result["acc"] = acc
        return result

    def _summary(self, epoch):
        return {"epoch": epoch, "loss": 0.5}

    def _load_model(self):
        checkpoint_path = os.path.join(self.config["save_dir"], "checkpoint_last.pt")
        checkpoint = torch.load(checkpoint_path, map_location="cpu")  # finding: torch-load-saved-in-project
        self.model.load_state_dict(checkpoint["state_dict"])
        self.best_acc = checkpoint["acc"]
        summary = torch.load(os.path.join(self.config["save_dir"], "summary.pt"))
        return summary["epoch"]
