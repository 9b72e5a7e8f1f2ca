# seen in: mkocabas/VIBE lib/core/trainer.py (fit() passes save_model() the value evaluate() returns, np.mean(...) *
# m2mm, an np.float64; save_model keeps it under 'performance'; resume_pretrained loads that checkpoint: weights_only
# refuses the numpy scalar on torch 2.15 with "Unsupported global: GLOBAL numpy._core.multiarray.scalar")
import os.path as osp

import numpy as np
import torch


class Trainer:
    def fit(self, epochs):
        for epoch in range(epochs):
            performance = self.evaluate()
            self.save_model(performance, epoch)
            self.save_plain(float(performance), epoch)

    def evaluate(self):
        errors = [self.generator(batch) for batch in self.loader]
        return np.mean(errors) * 1000.0

    def save_model(self, performance, epoch):
        save_dict = {"epoch": epoch, "gen_state_dict": self.generator.state_dict(), "performance": performance}
        torch.save(save_dict, osp.join(self.logdir, "checkpoint.pth.tar"))

    def save_plain(self, score, epoch):
        torch.save({"step": epoch, "weights": self.generator.state_dict(), "score": score},
                   osp.join(self.logdir, "weights.pth"))

    def resume_pretrained(self, model_path):
        checkpoint = torch.load(model_path)  # finding: torch-load-saved-in-project
        self.start_epoch = checkpoint["epoch"]
        self.generator.load_state_dict(checkpoint["gen_state_dict"])
        self.best_performance = checkpoint["performance"]

    def load_weights(self, path):
        weights = torch.load(path)
        self.generator.load_state_dict(weights["weights"])
        return weights["step"], weights["score"]
