# seen in: POSTECH-CVLab/PyTorch-StudioGAN (round 20): the trainer keeps its best score, a numpy float64 from the
# metric module, and saves it through a helper called with keywords only (helpers.save_model(..., states=d));
# weights_only=True refuses that file (Unsupported global: GLOBAL numpy._core.multiarray.scalar).
import torch

from metrics import score
from utils import helpers


class Trainer:
    def __init__(self, gen, dis, folder):
        self.gen, self.dis, self.folder = gen, dis, folder
        self.best_score, self.best_step = None, 0
        self.run_name = "run"

    def evaluate(self, features, reference, step):
        with torch.no_grad():
            value, _, _ = score.compute(features.cpu().numpy(), reference)
        if self.best_score is None or value <= self.best_score:
            self.best_score, self.best_step = value, step

    def save(self, step):
        d_states = {"state_dict": self.dis.state_dict(), "run_name": self.run_name, "step": step,
                    "best_step": self.best_step, "best_score": self.best_score}
        helpers.save_model(kind="G", step=step, folder=self.folder, states={"weights": self.gen.state_dict()})
        helpers.save_model(kind="D", step=step, folder=self.folder, states=d_states)
