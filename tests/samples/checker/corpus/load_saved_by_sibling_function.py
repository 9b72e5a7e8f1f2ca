# seen in: huggingface/nanotron src/nanotron/serialize/random.py (save_random_states torch.save()s its
# RandomStates argument, a MutableMapping class of the project's own, to the path load_random_states spells
# the same way: UnpicklingError under weights_only=True on torch 2.15)
from pathlib import Path

import torch

from .random import RandomStates


def save_random_states(random_states: RandomStates, root_folder: Path, rank: int):
    filename = root_folder / "random" / f"rank-{rank}.pt"
    torch.save(random_states, filename)


def load_random_states(root_folder: Path, rank: int):
    filename = root_folder / "random" / f"rank-{rank}.pt"
    return torch.load(filename)  # finding: torch-load-saved-objects


# A look-alike that loads: the sibling pair of a state dict.
def save_weights(weights: dict, root_folder: Path, rank: int):
    torch.save(weights, root_folder / "weights" / f"rank-{rank}.pt")


def load_weights(root_folder: Path, rank: int):
    return torch.load(root_folder / "weights" / f"rank-{rank}.pt")
