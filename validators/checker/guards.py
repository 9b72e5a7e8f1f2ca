"""Code written to run on several torch releases: version checks and fallbacks.

Inside such code the old API is there on purpose (it runs only where it exists), so the
walker reports nothing in it. Recognised:

- ``if``/``elif``/``... if ... else ...`` whose test reads the torch version
  (``torch.__version__``, ``torch.version``, names like ``TORCH_VERSION``,
  ``_TORCH_GREATER_EQUAL_2_4``, ``is_torch_version(...)``, ``TORCH_1_9``) or asks
  ``hasattr``/``getattr`` of a torch object: both branches are guarded;
- ``try``/``except`` catching ImportError, ModuleNotFoundError, AttributeError or TypeError
  (alone or in a tuple): the ``try`` body and those handlers are a fallback pair.
"""

from __future__ import annotations

import ast
import re

from .imports import ImportMap, dotted_name

_VERSION_NAME = re.compile(r"(?i)(torch|^pt)_?(\d|.*(version|greater|less|lower|older|newer|_(ge|gt|lt|le)(_|\d|$)))"
                           r"|version.*torch")
FALLBACK_ERRORS = frozenset({"ImportError", "ModuleNotFoundError", "AttributeError", "TypeError"})


def is_version_guard(test: ast.expr, imports: ImportMap) -> bool:
    for node in ast.walk(test):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("hasattr", "getattr"):
            target = dotted_name(node.args[0]) if node.args else None
            if target and (imports.resolve(target) or "torch" in target.lower()):
                return True
        name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else None
        if name is None:
            continue
        if name in ("__version__", "version") and isinstance(node, ast.Attribute):
            owner = dotted_name(node.value)
            if owner and (imports.resolve(owner) == "torch" or owner == "torch"):
                return True
        if _VERSION_NAME.search(name):
            return True
    return False


def is_fallback(node: ast.Try) -> bool:
    return any(catches_fallback(handler) for handler in node.handlers)


def catches_fallback(handler: ast.ExceptHandler) -> bool:
    kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type] if handler.type else []
    return any((dotted_name(kind) or "").rsplit(".", 1)[-1] in FALLBACK_ERRORS for kind in kinds)
