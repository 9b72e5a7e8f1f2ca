"""``torch._name`` lookups the target build cannot answer: ``torch._unique_dim(x, dim=0)`` on 2.15.

``torch`` makes its names at run time, so neither gone-names.json (what stubs and docs name) nor torch-surface.json
(``"*"`` for ``torch``) can tell a private operator that old builds had from one the target still has.
``torch-private-names.json`` (made by radar/private_names.py from installed builds) lists, per build, every private
name ``dir(torch)`` shows and the modules ``torch.__getattr__`` imports on demand. On a target with a list, a
``torch._name`` outside it is an AttributeError there, unless it names a torch module (``torch._refs``: there once
something imports it).
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

PRIVATE_FILE = Path(__file__).with_name("torch-private-names.json")


@lru_cache(maxsize=1)
def _builds() -> dict[str, frozenset[str]]:
    data = json.loads(PRIVATE_FILE.read_text(encoding="utf-8"))
    return {build: frozenset(names) for build, names in data["builds"].items()}


def missing_private(qualified: str, target: str) -> bool:
    """``torch._x`` (one private, non-dunder name right under ``torch``) that build ``target`` ("2.15") lacks,
    when the file records that build; modules are the caller's to leave out."""
    module, _, name = qualified.rpartition(".")
    if module != "torch" or not name.startswith("_") or name.startswith("__"):
        return False
    names = _builds().get(target)
    return names is not None and name not in names
