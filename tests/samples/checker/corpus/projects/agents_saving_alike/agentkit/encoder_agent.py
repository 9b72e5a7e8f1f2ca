# A look-alike that loads: a model file of another agent read for 'model' and 'optimizer', which the base agent
# (torch_agent.py) saves as plain state dicts; the ranker's layout with an object is no evidence for it.
import torch


class EncoderAgent:
    def __init__(self, model, optimizer):
        self.model, self.optimizer = model, optimizer

    def load(self, path):
        states = torch.load(path, map_location="cpu")
        self.model.load_state_dict(states["model"])
        if "optimizer" in states:
            self.optimizer.load_state_dict(states["optimizer"])
