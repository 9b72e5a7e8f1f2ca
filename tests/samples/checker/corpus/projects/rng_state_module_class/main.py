# seen in: a sign-language recognizer whose processor keeps utils.RandomState (a class of a project module imported
# whole) and saves its states beside the weights; numpy's state array makes the resume load fail under weights_only
# ("Unsupported global: GLOBAL numpy._core.multiarray._reconstruct", run on 2.15).
import torch

import utils


class Processor:
    def __init__(self, model, optimizer, seed):
        self.model, self.optimizer = model, optimizer
        self.rng = utils.RandomState(seed=seed)

    def save_model(self, epoch, path):
        torch.save({"epoch": epoch, "model_state_dict": self.model.state_dict(),
                    "optimizer_state_dict": self.optimizer.state_dict(), "rng_state": self.rng.save_rng_state()}, path)

    def load_model(self, path):
        state = torch.load(path)  # finding: torch-load-saved-in-project
        self.model.load_state_dict(state["model_state_dict"])
        self.optimizer.load_state_dict(state["optimizer_state_dict"])
