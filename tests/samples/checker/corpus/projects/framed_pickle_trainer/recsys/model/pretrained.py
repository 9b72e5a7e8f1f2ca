# the models read files the trainer wrote (pre_model_path): protocol 4, refused
import torch


class PretrainedModel:
    def __init__(self, config):
        self.pre_model_path = config["pre_model_path"]
        pretrain_state = torch.load(self.pre_model_path)["state_dict"]  # finding: torch-load-saved-in-project
        self.load_state_dict(pretrain_state)

    def load_embeddings(self, path):
        # the embeddings file: saved with the default protocol, tensors only; loads
        tables = torch.load(path)
        return tables["user"], tables["item"]
