# seen in: tabular trainers keeping a snapshot ensemble member whose own state_dict() returns a numpy array of
# its best scores; the trainer saves that member's state next to the weights and reads the file back
import numpy as np
import torch


class SnapshotKeeper:
    def __init__(self, k):
        self.k = k
        self.scores = np.full(k, np.inf)
        self.models = []

    def state_dict(self):
        state = {"scores": self.scores}
        for n, model in enumerate(self.models):
            state[n] = model.state_dict()
        return state


class PlainKeeper:
    # the same shape holding a Python list of floats: weights_only loads it
    def __init__(self, k):
        self.scores = [float("inf")] * k
        self.models = []

    def state_dict(self):
        return {"scores": self.scores, "count": len(self.models)}


class Runner:
    def __init__(self, model, optimizer, use_snapshots=False):
        self.model = model
        self.optimizer = optimizer
        self.use_snapshots = use_snapshots
        self.keeper = None
        if use_snapshots:
            self.keeper = SnapshotKeeper(3)

    def restore(self, path):
        checkpoint = torch.load(path, map_location="cpu")  # finding: torch-load-saved-in-project
        self.model.load_state_dict(checkpoint["model"])
        self.optimizer.load_state_dict(checkpoint["optimizer"])
        return checkpoint["keeper"]

    def save(self, path):
        checkpoint = {
            "model": self.model.state_dict(),
            "optimizer": self.optimizer.state_dict(),
            "keeper": self.keeper.state_dict() if self.use_snapshots else None,
        }
        torch.save(checkpoint, path)


class PlainRunner:
    def __init__(self, model, optimizer):
        self.model = model
        self.optimizer = optimizer
        self.tracker = PlainKeeper(3)

    def restore_plain(self, path):
        state = torch.load(path, map_location="cpu")
        self.model.load_state_dict(state["weights"])
        self.optimizer.load_state_dict(state["optim"])
        return state["tracker"]

    def save_plain(self, path):
        torch.save({"weights": self.model.state_dict(), "optim": self.optimizer.state_dict(),
                    "tracker": self.tracker.state_dict()}, path)
