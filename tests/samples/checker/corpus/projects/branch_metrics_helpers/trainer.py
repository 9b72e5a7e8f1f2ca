# the trainer picks a helper by its mode and stores the metric into the dict its epoch method returns: a run on the
# masked-LM branch saves a NumPy scalar
import os

import torch

from evaluate import compute_masked_lm_results, compute_plain_results


class Trainer:
    def __init__(self, model, config):
        self.model, self.config = model, config

    def train(self, resume=False):
        if resume:
            self._load_model()
        for epoch in range(3):
            valid_result = self._eval_epoch(epoch)
            valid_result["state_dict"] = self.model.state_dict()
            torch.save(valid_result, os.path.join(self.config["save_dir"], "checkpoint_last.pt"))

    def _eval_epoch(self, epoch):
        predictions, ground_truth = [], []
        result = {"epoch": epoch}
        if self.config["mode"] == "mlm":
            metrics = compute_masked_lm_results(predictions, ground_truth)
        else:
            metrics = compute_plain_results(predictions, ground_truth)
        result["mlm_acc"] = metrics["mlm_acc"]
        return result

    def _load_model(self):
        checkpoint = torch.load(os.path.join(self.config["save_dir"], "checkpoint_last.pt"))  # finding: torch-load-saved-in-project
        self.model.load_state_dict(checkpoint["state_dict"])
        return checkpoint["mlm_acc"]
