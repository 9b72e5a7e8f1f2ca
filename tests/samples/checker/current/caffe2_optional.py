import torch

try:
    from caffe2.python import workspace
except ImportError:  # the Caffe2 path is optional; torch 2.x no longer ships it
    workspace = None


def export(model: torch.nn.Module, x: torch.Tensor):
    return torch.export.export(model, (x,))
