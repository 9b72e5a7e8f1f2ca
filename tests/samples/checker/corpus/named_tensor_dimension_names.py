# seen in: an MRI reconstruction package (direct) that kept named tensors through its transforms: dimensions
# asked by name and names dropped with rename(None), both gone with named tensors in 2.13; a path's rename and a
# size asked by position stay quiet
from pathlib import Path

import torch


def coil_count(kspace: torch.Tensor) -> int:
    return kspace.size("coil")  # finding: named-tensors-dimension-names


def strip_names(image: torch.Tensor) -> torch.Tensor:
    return image.rename(None)  # finding: named-tensors-rename-none


def batch_size(image: torch.Tensor) -> int:
    return image.size(0)


def archive(log: Path) -> None:
    log.rename(log.with_suffix(".old"))
