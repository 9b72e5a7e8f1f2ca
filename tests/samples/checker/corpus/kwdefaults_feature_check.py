# seen in: MONAI's meshgrid helpers and Swin-UNETR window attention (a keyword-only default read as a feature check)
import torch


def meshgrid_ij(*tensors):
    if torch.meshgrid.__kwdefaults__ is not None and "indexing" in torch.meshgrid.__kwdefaults__:
        return torch.meshgrid(*tensors, indexing="ij")
    return torch.meshgrid(*tensors)


def window_coords(size):
    mesh_args = torch.meshgrid.__kwdefaults__
    coords_h, coords_w = torch.arange(size), torch.arange(size)
    if mesh_args is not None:
        coords = torch.stack(torch.meshgrid(coords_h, coords_w, indexing="ij"))
    else:
        coords = torch.stack(torch.meshgrid(coords_h, coords_w))
    return coords


def unchecked(a, b):
    return torch.meshgrid(a, b)  # finding: meshgrid-without-indexing


def other_check(a, b, flag):
    mode = flag  # not a feature check: both branches stay code that runs
    if mode is not None:
        return torch.meshgrid(a, b, indexing="xy")
    return torch.meshgrid(a, b)  # finding: meshgrid-without-indexing
