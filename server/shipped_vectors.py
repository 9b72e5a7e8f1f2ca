"""Section vectors made when the wheel is built, so a first index needs no embedding at all.

Embedding every section on two cores takes about a minute of CPU (each is up to 256
tokens through six layers); a fresh install would pay it on its first search. The wheel
carries the vectors instead, keyed by each section's ``content_hash`` (model name and the
text the vector sees), so only sections edited since the build are embedded again. Every
build writes them (``torchpatch_build/model.py``), on onnxruntime with the shipped encoder.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from .model_files import PACKAGED_DIR

VECTORS_FILE = PACKAGED_DIR / "section-vectors.npz"


@lru_cache(maxsize=1)
def shipped_vectors() -> dict[str, np.ndarray]:
    """content_hash -> vector, from the wheel; empty in a checkout or when the file is unreadable."""
    try:
        with np.load(VECTORS_FILE) as data:
            return dict(zip((h.decode() for h in data["hashes"]), data["vectors"]))
    except (OSError, KeyError, ValueError):
        return {}
