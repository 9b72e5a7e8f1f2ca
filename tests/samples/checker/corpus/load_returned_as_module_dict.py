# seen in: FAIR-Chem/fairchem modules/normalization/_load_utils.py (a dict of Normalizer modules saved whole with
# save_checkpoint(modules, ...) and read back by a function annotated to return dict[str, torch.nn.Module])
from __future__ import annotations

from typing import Optional

import torch


def load_normalizers(config: dict) -> dict[str, torch.nn.Module]:
    modules = {}
    if "file" in config:
        modules = torch.load(config["file"])  # finding: torch-load-pickled-object
    return modules


def load_backbone(path) -> Optional[torch.nn.Module]:
    backbone = torch.load(path)  # finding: torch-load-pickled-object
    return backbone


def load_statistics(path) -> dict[str, torch.Tensor]:
    stats = torch.load(path)  # tensors: loads
    return stats
