# seen in: Lightning and accelerate signatures naming the deprecated scaler type
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

import torch

if TYPE_CHECKING:
    from torch.distributed._tensor import DTensor


def step(scaler: Optional[torch.cuda.amp.GradScaler] = None) -> torch.cuda.amp.GradScaler:
    current: torch.cuda.amp.GradScaler = scaler
    return current
