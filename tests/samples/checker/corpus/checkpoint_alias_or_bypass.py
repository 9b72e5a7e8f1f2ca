# A layer picks torch's checkpoint while training and its own pass-through otherwise; the call through the
# local name warns whenever the torch branch ran, so the finding is at the call, where use_reentrant goes.
import torch
import torch.utils.checkpoint


def run_directly(function, *args):
    return function(*args)


class Stack(torch.nn.Module):
    def __init__(self, layers):
        super().__init__()
        self.layers = torch.nn.ModuleList(layers)

    def forward(self, x):
        if self.training:
            checkpoint = torch.utils.checkpoint.checkpoint
        else:
            checkpoint = run_directly
        for layer in self.layers:
            x = checkpoint(layer, x)  # finding: checkpoint-without-use-reentrant
        return x


class QuietStack(Stack):
    def forward(self, x):
        if self.training:
            checkpoint = torch.utils.checkpoint.checkpoint
        else:
            checkpoint = run_directly
        for layer in self.layers:
            x = checkpoint(layer, x, use_reentrant=False)
        return x
