# seen in: a pruning trainer (Regularization-Pruning's reg_pruner.py): the resume keeps the checkpoint's whole model
# on the instance and builds the optimizer from its parameters, so the file holds a pickled module; an attribute bound
# to an item and then rebound to the project's own model says nothing of the load.
import torch
from torch import optim


class Pruner:
    def __init__(self, model, lr):
        self.model, self.lr = model, lr

    def resume_prune_status(self, ckpt_path):
        state = torch.load(ckpt_path)  # finding: torch-load-pickled-object
        self.model = state["model"].cuda()
        self.model.load_state_dict(state["state_dict"])
        self.optimizer = optim.SGD(self.model.parameters(), lr=self.lr, momentum=0.9)
        self.optimizer.load_state_dict(state["optimizer"])

    def restore_weights(self, ckpt_path, build):
        weights = torch.load(ckpt_path)
        self.head = weights["head"]
        self.head = build()
        self.head.parameters()
