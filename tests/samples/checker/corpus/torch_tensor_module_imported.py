# seen in: a temporal-convolution project whose every module opens with `import torch.tensor as Tensor` (torch <= 1.8);
# since 1.9 the module is torch._tensor and the import raises ModuleNotFoundError, while torch.tensor(...) still works
import torch
import torch.tensor as Tensor  # finding: torch-tensor-module-removed
import torch.nn as nn


def lagged(values) -> torch.Tensor:
    return torch.tensor(values, dtype=torch.float32)


class Shift(nn.Module):
    def forward(self, x: "Tensor.Tensor") -> torch.Tensor:
        return torch.roll(x, 1, dims=-1)
