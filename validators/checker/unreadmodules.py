"""Modules built into a name the file never reads: ``self.Softmax = nn.Softmax()`` with its only call
commented out.

Some rules (``warns_in_forward``) report building a module whose warning comes from its forward, not its constructor:
``nn.Softmax()`` without dim is silent until called ("Implicit dimension choice for softmax has been
deprecated", run on 2.15). Such a module bound to ``self.attr`` (or a class attribute), or to a function's local
name, is a finding only once the file reads that name: called, handed to ``nn.Sequential``, returned. A module
the file iterates over its children (``self.children()``, ``self._modules``) may be called without its name.
"""

from __future__ import annotations

import ast
from typing import Callable

_BY_ITERATION = frozenset({"children", "named_children", "modules", "named_modules", "_modules"})


def built_name(target: ast.AST, value: ast.expr, module_level: bool) -> str | None:
    """The name a constructor call ``value`` is bound to: ``self.attr`` -> attr, a local name; None at module level
    (another module may import it) and for any other target."""
    if not isinstance(value, ast.Call):
        return None
    if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self":
        return target.attr
    if isinstance(target, ast.Name) and not module_level:
        return target.id
    return None


def read_names(tree: ast.AST, resolve: Callable[[ast.AST], str | None]) -> set[str] | None:
    """Every name and attribute the file reads (not a torch name: ``nn.Softmax`` reads no ``self.Softmax``), and
    every string it holds (``getattr(self, "softmax")``); None when it reaches modules through their parent's
    children, where any built module may be called."""
    read: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.ctx.__class__ is ast.Load:
            read.add(node.id)
        elif isinstance(node, ast.Attribute) and node.ctx.__class__ is ast.Load:
            if node.attr in _BY_ITERATION:
                return None
            if resolve(node) is None:
                read.add(node.attr)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            read.add(node.value)
    return read
