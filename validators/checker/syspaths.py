"""Folders a script adds to ``sys.path`` before importing its helpers: where its absolute imports may live.

Research scripts often keep helpers in a sibling folder and reach them with ``sys.path.append('Utils')`` (or
``sys.path.insert(0, '../lib')``, ``os.path.join(os.path.dirname(__file__), 'lib')``), then ``from TrainingUtils import
compute_accuracy``. A literal folder is taken relative to the script's own folder, where such scripts are run from.
Other values (a variable, an environment setting) are not followed.
"""

from __future__ import annotations

import ast
import os

from .imports import walk_tree

_ADDS = frozenset({"append", "insert"})


def added_folders(tree: ast.AST, filename: str, text: str | None = None) -> tuple[str, ...]:
    """The existing folders ``tree`` (the file ``filename``) adds to ``sys.path`` with a literal, in order."""
    if text is not None and "sys.path" not in text:
        return ()
    here = os.path.dirname(os.path.abspath(filename))
    found: list[str] = []
    for node in walk_tree(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _ADDS
                and _is_sys_path(node.func.value) and node.args):
            continue
        relative = _literal_folder(node.args[-1])
        if relative is not None:
            folder = os.path.normpath(os.path.join(here, relative))
            if os.path.isdir(folder) and folder not in found:
                found.append(folder)
    return tuple(found)


def _is_sys_path(node: ast.expr) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "path" and isinstance(node.value, ast.Name) \
        and node.value.id == "sys"


def _literal_folder(node: ast.expr) -> str | None:
    """``'Utils'``, ``'../lib'``, ``os.path.join(os.path.dirname(__file__), 'lib')``: the folder relative to the file."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value or "."
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "join" \
            and len(node.args) >= 2 and _is_own_folder(node.args[0]) \
            and all(isinstance(part, ast.Constant) and isinstance(part.value, str) for part in node.args[1:]):
        return os.path.join(*(part.value for part in node.args[1:]))
    return None


def _is_own_folder(node: ast.expr) -> bool:
    """``os.path.dirname(__file__)`` (also of ``os.path.abspath(__file__)``)."""
    while isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
            node.func.attr in ("dirname", "abspath", "realpath") and len(node.args) == 1:
        if isinstance(node.args[0], ast.Name) and node.args[0].id == "__file__":
            return node.func.attr == "dirname"
        node = node.args[0]
    return False
