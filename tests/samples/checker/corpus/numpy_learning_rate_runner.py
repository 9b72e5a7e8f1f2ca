# seen in: a neural-surface runner that anneals its rate with np.cos after warm-up and writes it into the param
# groups; its resume reads the checkpoint the same class saves, whose optimizer state dict holds that np.float64
import os

import numpy as np
import torch


class Runner:
    def __init__(self, model, base_dir, end_iter=300000, warm_up_end=5000):
        self.model, self.base_dir = model, base_dir
        self.optimizer = torch.optim.Adam(model.parameters(), lr=5e-4)
        self.iter_step, self.end_iter, self.warm_up_end = 0, end_iter, warm_up_end

    def update_learning_rate(self):
        if self.iter_step < self.warm_up_end:
            factor = self.iter_step / self.warm_up_end
        else:
            progress = (self.iter_step - self.warm_up_end) / (self.end_iter - self.warm_up_end)
            factor = (np.cos(np.pi * progress) + 1.0) * 0.5
        for group in self.optimizer.param_groups:
            group["lr"] = 5e-4 * factor

    def load_checkpoint(self, name):
        checkpoint = torch.load(os.path.join(self.base_dir, name), map_location="cpu")  # finding: torch-load-saved-in-project
        self.model.load_state_dict(checkpoint["model"])
        self.optimizer.load_state_dict(checkpoint["optimizer"])
        self.iter_step = checkpoint["iter_step"]

    def save_checkpoint(self):
        checkpoint = {"model": self.model.state_dict(), "optimizer": self.optimizer.state_dict(),
                      "iter_step": self.iter_step}
        torch.save(checkpoint, os.path.join(self.base_dir, f"ckpt_{self.iter_step:06d}.pth"))


class PlainRunner(Runner):
    def update_learning_rate(self):
        for group in self.optimizer.param_groups:
            group["lr"] = float(5e-4 * 0.5)
