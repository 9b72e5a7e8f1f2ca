"""Module-level functions kept only for a release the target is not: the old side of a version selection.

``if version >= "1.7": fft2 = fft2_new else: fft2 = fft2_old`` picks one implementation per torch release; on the
target the other side never runs, and neither does the function it alone names (``fft2_old`` with its removed
``torch.fft`` call). A function counts when a module-level ``if`` whose outcome on the target is known binds, in the
branch that does not run there, a name to it (``name = function``) that the branch that runs binds too, and nothing
else in the file reads it nor lists it in ``__all__``. Another module importing it by name is not seen: such
``_old`` helpers are the module's own.
"""

from __future__ import annotations

import ast
from typing import Callable

from .imports import walk_nodes, walk_tree


def dead_selected_functions(tree: ast.Module, runs_on_target: Callable[[ast.expr], bool | None]) -> frozenset[str]:
    """Names of the module's functions that only the branch of a version selection the target skips reads."""
    functions = {node.name for node in tree.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}
    candidates: dict[str, list[ast.stmt]] = {}  # function -> the branch that names it and does not run
    for statement in tree.body:
        if not isinstance(statement, ast.If) or not statement.orelse:
            continue
        sides = (_selections(statement.body), _selections(statement.orelse))
        if not any(value in functions for side in sides for value in side.values()):
            continue  # most ifs select nothing: their test is never read
        runs = runs_on_target(statement.test)
        if runs is None:
            continue
        live, dead = (sides[0], sides[1]) if runs else (sides[1], sides[0])
        for target, value in dead.items():
            if value in functions and target in live and live[target] != value:
                candidates[value] = statement.orelse if runs else statement.body
    if not candidates:
        return frozenset()
    dead_reads = {id(node) for block in candidates.values() for inner in block for node in walk_nodes(inner)}
    read_elsewhere = {node.id for node in walk_tree(tree) if isinstance(node, ast.Name) and node.id in candidates
                      and id(node) not in dead_reads}
    listed = {element.value for node in tree.body if isinstance(node, ast.Assign)
              and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets)
              for element in walk_nodes(node.value) if isinstance(element, ast.Constant)}
    return frozenset(name for name in candidates if name not in read_elsewhere and name not in listed)


def _selections(block: list[ast.stmt]) -> dict[str, str]:
    """``target = name`` statements of a branch: target -> the name it is bound to."""
    return {statement.targets[0].id: statement.value.id for statement in block
            if isinstance(statement, ast.Assign) and len(statement.targets) == 1
            and isinstance(statement.targets[0], ast.Name) and isinstance(statement.value, ast.Name)}
