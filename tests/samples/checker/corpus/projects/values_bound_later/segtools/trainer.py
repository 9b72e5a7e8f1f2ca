import torch


class DetTrainer:
    def __init__(self, model):
        self.model = model

    def save(self, save_path, **kwargs):
        save_dict = dict()
        save_dict["model"] = self.model.state_dict()
        save_dict["other_info"] = kwargs
        torch.save(save_dict, save_path)

    def load(self, path):
        state_dict = torch.load(path)  # finding: torch-load-saved-in-project
        self.model.load_state_dict(state_dict["model"])
        return self


class PlainTrainer:
    def __init__(self, model):
        self.model = model

    def save(self, save_path, **kwargs):
        torch.save({"weights": self.model.state_dict(), "info": kwargs}, save_path)

    def load(self, path):
        self.model.load_state_dict(torch.load(path)["weights"])
