# seen in: an offline-RL library whose model-based algorithms either train a dynamics ensemble or reload one saved
# whole (torch.save(self.transition, path)) into an attribute; other methods call the ensemble's own methods
# (self.transition.set_select(...)), which no tensor or dict has, so the load reads a pickled module. An attribute
# only read as a tensor elsewhere stays quiet.
import torch


class ModelBasedAlgo:
    def __init__(self, algo_init, args):
        self.transition = algo_init["transition"]["net"]
        self.args = args

    def train(self, buffer):
        if self.args["dynamics_path"] is not None:
            self.transition = torch.load(self.args["dynamics_path"], map_location="cpu").to(self.args["device"])  # finding: torch-load-pickled-object
        else:
            self.train_transition(buffer)
        self.transition.requires_grad_(False)
        self.norms = torch.load(self.args["norms_path"]).to(self.args["device"])

    def train_transition(self, buffer):
        indexes = list(range(len(buffer)))
        self.transition.set_select(indexes)
        return self.norms.mean(0)
