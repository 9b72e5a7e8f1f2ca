"""Old section ids that keep working: ``references/aliases.toml`` maps each to its canonical section.

When two sections said the same thing, one was merged into the other; links, ledger entries and
agents' notes may still hold the old id. Every reader (search, read_section, the web page's
``/s/...``) resolves an old id through this table, so the old id answers with the canonical section::

    [aliases]
    "migrations-and-security#profiler-use_cuda-argument-removed" = "platforms-extensions-and-runtime#profiler-use_cuda-removed-with_modules-deprecated"
"""

from __future__ import annotations

import functools
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]

from torchpatch.validators.errors import IndexUnavailable

FILE_NAME = "aliases.toml"


def load_aliases(references: str | Path) -> dict[str, str]:
    """Old id -> canonical id; an empty table when the folder has no alias file."""
    path = Path(references) / FILE_NAME
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        return {}
    return _read(path, stamp)


@functools.lru_cache(maxsize=8)
def _read(path: Path, stamp: int) -> dict[str, str]:  # the stamp makes an edited file a new cache entry
    try:
        with path.open("rb") as handle:
            table = tomllib.load(handle).get("aliases", {})
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise IndexUnavailable(f"cannot read {path} ({exc}): fix or delete the alias file") from None
    return {str(old): str(new) for old, new in table.items()}
