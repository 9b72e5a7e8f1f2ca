"""Project functions of another module whose calls give 0-dim values (for zerodim.py's file-local ones).

``from utils import accuracy`` then ``prec1, prec5 = accuracy(output, target, topk=(1, 5))`` and ``prec1[0]``: the
helper lives in ``utils.py``, so the file that reads its result never shows the ``sum(0)`` of a flattened tensor. A
name the file imports from a module of the project (a module-level ``from`` import, relative or absolute, found as
starimports.py finds it) names such a function when zerodim.zero_dim_functions, read in that module with its own
imports, says so. Each module is read once per process (keyed by its path, size and modification time), and only for
a name the file binds a call of, whose name says metric or loss (walkbindings.py: reading a module is a parse).
"""

from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path

from .imports import ImportMap, dotted_name
from .source import parse_module_file
from .starimports import folder_module_stamp
from .zerodim import zero_dim_functions


def imported_from_project(tree: ast.AST) -> dict[str, tuple[int, str | None, str]]:
    """Local name -> (level, module, name in that module) for ``tree``'s module-level ``from`` imports (not torch's)."""
    found: dict[str, tuple[int, str | None, str]] = {}
    for statement in getattr(tree, "body", ()):
        if isinstance(statement, ast.ImportFrom) and not (statement.module or "").startswith("torch"):
            for alias in statement.names:
                if alias.name != "*":
                    found[alias.asname or alias.name] = (statement.level, statement.module, alias.name)
    return found


def imported_kind(filename: str, source: tuple[int, str | None, str], added: tuple[str, ...] = ()) -> str | None:
    """What the imported function returns (zerodim.VALUE or ITEMS), or None when it is no such project function.
    ``added``: the folders the importing file puts on ``sys.path`` (syspaths.py)."""
    level, module, name = source
    stamp = folder_module_stamp(str(Path(filename).parent), level, module, added)
    return _module_kinds(*stamp).get(name) if stamp is not None else None


@lru_cache(maxsize=256)
def _module_kinds(path: str, size: int, mtime: int) -> dict[str, str]:
    tree = parse_module_file(Path(path))
    if tree is None:
        return {}
    imports = ImportMap.from_tree(tree)

    def resolve(node: ast.AST) -> str | None:
        dotted = dotted_name(node)
        return imports.resolve(dotted) if dotted else None

    return zero_dim_functions(tree, resolve)
