# A module that sets TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD at import: its own loads below warn on 2.15 (weights_only=False
# is forced, with a UserWarning), whatever the file holds.
import os

import torch

early = torch.load("vocab.pt")  # runs before the variable is set: plain data, loads as it is

os.environ["TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD"] = "1"


def restore(path):
    return torch.load(path, map_location="cpu")  # finding: torch-load-no-weights-only-env


def restore_explicit(path):
    return torch.load(path, map_location="cpu", weights_only=False)  # explicit: the variable changes nothing
