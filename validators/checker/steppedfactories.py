"""Schedulers that a project factory steps before handing them back.

EDSR-style super-resolution code builds its scheduler in ``utility.make_scheduler(args, optimizer)``, and some of
its descendants end that factory with ``scheduler.step(args.start_epoch - 1)`` to resume the schedule. torch checks
the order of ``lr_scheduler.step()`` and ``optimizer.step()`` only at a scheduler's first step, so the step inside
the factory is the one that warns (the factory's file reports it); the caller's own later ``self.scheduler.step()``
at the top of each epoch is silent.

Known here: the caller binds a name (``self.scheduler``, ``scheduler``), everywhere in its file, to a call of a
module-level function of a project module it imports (``utility.make_scheduler(...)``, ``make_scheduler(...)`` from
``from utility import make_scheduler``), and every ``return`` of that function returns one local name that the
function steps (``name.step(...)``) among its own statements. Each module is read once per process (keyed by its
path, size and modification time).
"""

from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path

from .imports import dotted_name, own_statements, walk_tree
from .source import parse_module_file
from .starimports import folder_module_stamp
from .zerodimimports import imported_from_project


def factory_stepped_names(tree: ast.AST, filename: str | None) -> frozenset[str]:
    """The last names ``tree`` binds only to calls of imported project factories that step what they return."""
    if not filename:
        return frozenset()
    folder = str(Path(filename).parent)
    functions = imported_from_project(tree)  # local name -> (level, module, function)
    # local name -> (level, module) it imports: `import utility`, and `from . import utility` (a module of the package)
    modules = {local: (level, f"{module}.{name}" if module else name)
               for local, (level, module, name) in functions.items()}
    for statement in getattr(tree, "body", ()):
        if isinstance(statement, ast.Import):
            for alias in statement.names:
                head = alias.name.partition(".")[0]
                modules[alias.asname or head] = (0, alias.name if alias.asname else head)
    bound: dict[str, list[bool]] = {}
    for node in walk_tree(tree):
        if node.__class__ is not ast.Assign or len(node.targets) != 1:
            continue
        target = dotted_name(node.targets[0])
        if target is None:
            continue
        bound.setdefault(target.rsplit(".", 1)[-1], []).append(
            isinstance(node.value, ast.Call) and _steps_result(node.value.func, folder, modules, functions))
    return frozenset(name for name, stepped in bound.items() if all(stepped))


def _steps_result(func: ast.expr, folder: str, modules, functions) -> bool:
    """``utility.make_scheduler`` or an imported ``make_scheduler``: a factory that steps what it returns."""
    callee = dotted_name(func)
    if callee is None:
        return False
    head, _, name = callee.rpartition(".")
    if not head:
        if name not in functions:
            return False
        level, module, name = functions[name]
    elif head in modules and "." not in head:
        level, module = modules[head]
    else:
        return False
    stamp = folder_module_stamp(folder, level, module)
    return stamp is not None and name in _stepping_factories(*stamp)


@lru_cache(maxsize=256)
def _stepping_factories(path: str, size: int, mtime: int) -> frozenset[str]:
    """The module-level functions of the module at ``path`` whose every return hands back a name they step."""
    tree = parse_module_file(Path(path))
    if tree is None:
        return frozenset()
    found = set()
    for function in tree.body:
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        statements = list(own_statements(function))
        returned = {statement.value.id if isinstance(statement.value, ast.Name) else None
                    for statement in statements if isinstance(statement, ast.Return)}
        if len(returned) != 1 or None in returned:
            continue
        name = returned.pop()
        if any(isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call)
               and dotted_name(statement.value.func) == f"{name}.step" for statement in statements):
            found.add(function.name)
    return frozenset(found)
