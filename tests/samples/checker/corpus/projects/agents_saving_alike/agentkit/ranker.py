import torch


class RankerAgent:
    def __init__(self, opt, model, optimizer):
        self.opt, self.model, self.optimizer = opt, model, optimizer

    def save(self, path):
        data = {}
        data["model"] = self.model.state_dict()
        data["optimizer"] = self.optimizer.state_dict()
        data["opt"] = self.opt
        torch.save(data, path)

    def load(self, path):
        states = torch.load(path)  # finding: torch-load-pickled-object
        self.model.load_state_dict(states["model"])
        return states["opt"]
