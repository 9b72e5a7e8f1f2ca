"""Where torchpatch keeps caches and indexes: ``$TORCHPATCH_HOME`` or ``~/.cache/torchpatch``."""

from __future__ import annotations

import os
from pathlib import Path


def home_dir() -> Path:
    path = Path(os.environ.get("TORCHPATCH_HOME") or Path.home() / ".cache" / "torchpatch")
    path.mkdir(parents=True, exist_ok=True)
    return path
