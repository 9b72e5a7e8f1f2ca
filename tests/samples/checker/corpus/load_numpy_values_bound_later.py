# seen in: training scripts that keep the best accuracy as max()/round() of numpy means, bound in a later
# method than the one that saves it, or reached through max(): np.float64 values (weights_only refuses them)
import numpy as np
import torch


class Runner:
    def __init__(self, model, resume=None):
        self.model = model
        self.best_acc = 0.0
        if resume:
            state = torch.load(resume)  # finding: torch-load-saved-in-project
            self.model.load_state_dict(state["net"])
            self.best_acc = state["best_acc"]

    def save(self, path):
        torch.save({"net": self.model.state_dict(), "best_acc": self.best_acc, "rng": self.rng}, path)

    def evaluate(self, accs):
        self.best_acc = max(self.best_acc, round(np.mean(accs), 4))
        self.rng = None


def train(model, loader, path, resume=None):
    if resume:
        ckpt = torch.load(resume)  # finding: torch-load-saved-in-project
        model.load_state_dict(ckpt["weights"])
    best = 0.0
    for accs in loader:
        best = max(best, np.mean(accs))
        torch.save({"weights": model.state_dict(), "best": best}, path)


def train_plain(model, loader, path, resume=None):
    if resume:
        ckpt = torch.load(resume)
        model.load_state_dict(ckpt["params"])
    best = seed = rounded = item = 0.0
    for accs in loader:
        best = max(best, float(np.mean(accs)))
        item = np.mean(accs).item()
        rounded = round(np.mean(accs))
        seed = np.random.randint(100)
        torch.save({"params": model.state_dict(), "best_plain": best, "seed": seed, "rounded": rounded,
                    "item": item}, path)
