# seen in: loss-config tests and speech-toolkit upstream interfaces written for torch <= 1.8 that import the Tensor
# class from the old torch.tensor module (ModuleNotFoundError since 1.9); torch.tensor(...) is the factory
import torch
from torch.tensor import Tensor  # finding: torch-tensor-module-removed
from torch import Tensor as CurrentTensor


def as_tensor(values) -> CurrentTensor:
    return torch.tensor(values, dtype=torch.float32)


def check(x: Tensor) -> bool:
    return isinstance(x, torch.Tensor) and torch.is_tensor(torch.tensor([1.0]))
