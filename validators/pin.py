"""The pinned torch build, declared once: the ``torch==X`` requirement in pyproject.toml."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

DISTRIBUTION = "pytorch-knowledge-patch"
_PIN = re.compile(r"^torch\s*==\s*([\w.+]+)")


@lru_cache(maxsize=1)
def pinned_torch() -> str:
    """Read the pin from the installed package's metadata, or from pyproject.toml in a checkout."""
    from importlib import metadata  # here, not at import: it costs a short `torchpatch check` a tenth of its start-up

    try:
        requirements = metadata.requires(DISTRIBUTION) or []
    except metadata.PackageNotFoundError:
        requirements = []
    for requirement in requirements:
        match = _PIN.match(requirement)
        if match:
            return match[1]
    pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
    for line in pyproject.read_text().splitlines():
        match = _PIN.match(line.strip().strip('",'))
        if match:
            return match[1]
    raise RuntimeError("no torch==X pin found in pyproject.toml")


def is_pinned(version: str) -> bool:
    """True when ``version`` (``2.15.0+cu132``) is the pinned release, whatever its local build tag."""
    return version.split("+")[0] == pinned_torch()
