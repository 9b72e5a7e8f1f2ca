# seen in: motion-diffusion-model's motion_process (NumPy's axis= keyword for torch.cross's dim)
import torch


def normals(a, b):
    return torch.cross(a, b, axis=1)


def method_form(a, b):
    return a.cross(b, axis=-1)


def missing(a, b):
    return torch.cross(a, b)  # finding: cross-without-dim
