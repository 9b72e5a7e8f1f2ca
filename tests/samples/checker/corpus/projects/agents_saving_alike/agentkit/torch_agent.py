# seen in: facebookresearch/ParlAI parlai/core/torch_agent.py (the base agent saves what its state_dict() method
# builds: the model's and optimizer's state dicts and plain values) next to an agent that keeps its opt object
import torch


class TorchAgent:
    def __init__(self, opt, model, optimizer):
        self.opt, self.model, self.optimizer = opt, model, optimizer
        self.updates = 0

    def state_dict(self):
        states = {}
        states["model"] = self.model.state_dict()
        states["optimizer"] = self.optimizer.state_dict()
        states["number_training_updates"] = self.updates
        return states

    def save(self, path):
        states = self.state_dict()
        if states:
            torch.save(states, path)
