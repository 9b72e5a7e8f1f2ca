"""Section vectors made when the wheel is built, so a first index needs no embedding at all.

Embedding every section on two cores takes about a minute of CPU (each is up to 256
tokens through six layers); a fresh install would pay it on its first search. The wheel
carries the vectors instead, keyed by each section's ``content_hash`` (model name and the
text the vector sees), so only sections edited since the build are embedded again.

    python -m torchpatch.server.shipped_vectors REFERENCES OUT.npz
"""

from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path

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


def write_section_vectors(references: Path, out: Path) -> int:
    """Embed every section of ``references`` with the reference embedder and write them to ``out``."""
    from .embedding import SentenceTransformerEncoder
    from .records import load_records

    records, _ = load_records(references, None)
    vectors = SentenceTransformerEncoder().encode([r.embed_text for r in records])
    out.parent.mkdir(parents=True, exist_ok=True)
    np.savez(out, hashes=np.array([r.content_hash.encode() for r in records]), vectors=vectors.astype(np.float32))
    return len(records)


if __name__ == "__main__":
    print(write_section_vectors(Path(sys.argv[1]), Path(sys.argv[2])), "section vectors")
