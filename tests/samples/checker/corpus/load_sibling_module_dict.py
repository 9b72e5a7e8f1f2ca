# seen in: rinongal/textual_inversion ldm/modules/embedding_manager.py (round 13): the class's save writes a dict
# holding an nn.ParameterDict attribute (a Module), and its load reads that file back: UnpicklingError "Unsupported
# global: GLOBAL torch.nn.modules.container.ParameterDict" under the 2.15 default (run).
import torch
import torch.nn as nn


class EmbeddingManager(nn.Module):
    def __init__(self):
        super().__init__()
        self.string_to_token_dict = {}
        self.string_to_param_dict = nn.ParameterDict()
        self.scale = nn.Parameter(torch.ones(1))

    def save(self, ckpt_path):
        torch.save({"string_to_token": self.string_to_token_dict,
                    "string_to_param": self.string_to_param_dict}, ckpt_path)

    def load(self, ckpt_path):
        ckpt = torch.load(ckpt_path, map_location="cpu")  # finding: torch-load-saved-objects
        self.string_to_token_dict = ckpt["string_to_token"]
        self.string_to_param_dict = ckpt["string_to_param"]


class ScaleOnly(nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(1))  # a Parameter: weights_only rebuilds it

    def save(self, path):
        torch.save({"scale": self.scale}, path)

    def load(self, path):
        self.scale = torch.load(path)["scale"]
