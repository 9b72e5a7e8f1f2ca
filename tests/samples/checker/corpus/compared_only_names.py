# Seen in IntelLabs/distiller (directives.py: `type(module) in [torch.nn.Dropout, torch.nn.Dropout2d, ...]`) and
# Xilinx/brevitas (tests: `assert brevitas.jit.script == torch.jit.script`): the class or function is compared,
# never built or called, and reading it does not warn on 2.15.
import torch
import torch.nn as nn


def is_dropout(module):
    return type(module) in [nn.Dropout, nn.Dropout2d, nn.Dropout3d]


def is_dropout_instance(module):
    return isinstance(module, (nn.Dropout2d, nn.AlphaDropout)) or issubclass(type(module), nn.Dropout2d)


def scripted_by_torch(script_fn):
    return script_fn == torch.jit.script or script_fn is torch.jit.script


class Head(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)
        self.drop = nn.Dropout2d(0.1)  # finding: dropout2d-deprecated

    def forward(self, x):
        return torch.jit.script(self.fc)(self.drop(x)) == x  # finding: torchscript-warns
