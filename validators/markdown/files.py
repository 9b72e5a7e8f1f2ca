"""Which files are references: the one listing the indexer, the validator and the checker's rule cache share."""

from __future__ import annotations

from pathlib import Path
from typing import Iterable, Iterator


def iter_reference_files(paths: Iterable[str | Path]) -> Iterator[Path]:
    """Expand files and folders into reference files (``README.md`` describes the format, so it is skipped)."""
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*.md") if p.name != "README.md")
        else:
            yield path
