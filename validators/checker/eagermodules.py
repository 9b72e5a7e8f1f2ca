"""``"torch.fft" not in sys.modules``: a feature check on whether ``import torch`` already loaded a module.

``eager-modules.json`` (made by radar/eager_modules.py from the builds) lists the public torch modules that every
recorded build loads on ``import torch``. Once the file has imported torch, such a test is decided on targets no
older than the oldest recorded build; any other module, or an older target, stays undecided.
"""

from __future__ import annotations

import ast
import json
from functools import lru_cache
from pathlib import Path

EAGER_FILE = Path(__file__).with_name("eager-modules.json")


@lru_cache(maxsize=1)
def _eager() -> tuple[tuple[int, int], frozenset[str]]:
    data = json.loads(EAGER_FILE.read_text(encoding="utf-8"))
    oldest = min(tuple(int(part) for part in build.split(".")) for build in data["builds"])
    return (oldest[0], oldest[1]), frozenset(data["modules"])


def loaded_module_test(node: ast.AST) -> str | None:
    """``"torch.x" in sys.modules`` / ``not in``: the module named, else None."""
    if not (isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], (ast.In, ast.NotIn))):
        return None
    left, right = node.left, node.comparators[0]
    if not (isinstance(left, ast.Constant) and isinstance(left.value, str) and left.value.startswith("torch.")
            and isinstance(right, ast.Attribute) and right.attr == "modules"
            and isinstance(right.value, ast.Name) and right.value.id == "sys"):
        return None
    return left.value


def loaded_by_import_torch(module: str, target: tuple[int, int], asked_in: bool) -> bool | None:
    """The test's outcome on the target: ``asked_in`` for ``in``, False for ``not in``; None when unknown."""
    oldest, modules = _eager()
    if target < oldest or module not in modules:
        return None
    return asked_in
