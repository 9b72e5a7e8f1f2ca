"""TorchScript's async helpers and loss classes reached through other names the build binds them to.

torch.jit._fork / torch.jit._wait are the very functions torch.jit.fork / torch.jit.wait (`is`), so each call warns
the same FutureWarning on 2.15; MSELoss from its defining module is nn.MSELoss. The public homes the rules point to
(torch.compiler.is_compiling, torch.compiler.reset) are other objects and stay quiet.
"""
import torch
import torch.nn as nn
from torch.nn.modules.loss import MSELoss


class Ensemble(nn.Module):
    def __init__(self, models):
        super().__init__()
        self.models = nn.ModuleList(models)
        self.criterion = MSELoss(size_average=False)  # finding: loss-size-average-reduce

    def forward(self, x):
        if torch.compiler.is_compiling():
            return torch.stack([m(x) for m in self.models]).mean(0)
        futures = [torch.jit._fork(m, x) for m in self.models]  # finding: jit-fork-warns
        outputs = [torch.jit._wait(future) for future in futures]  # finding: jit-fork-warns
        return torch.stack(outputs).mean(0)


def reset_between_runs():
    torch.compiler.reset()
