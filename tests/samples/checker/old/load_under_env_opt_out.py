# A module that opts every later torch.load out of weights_only with the environment variable.
# expect: migrations-and-security#a-package-that-sets-torch_force_no_weights_only_load
import os

import torch

os.environ["TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD"] = "1"


def restore(path):
    return torch.load(path, map_location="cpu")
