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

from .imports import ImportMap, dotted_name, unmoved
from .source import parse_module_file
from .starimports import folder_module_stamp
from .selfmethods import defined_method
from .zerodim import zero_dim_functions, zero_dim_method_kind


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
    stamp = _module_stamp(filename, source, added)
    return _module_kinds(*stamp).get(source[2]) if stamp is not None else None


def _module_stamp(filename: str, source: tuple[int, str | None, str], added: tuple[str, ...]):
    """The project module file ``source`` names from ``filename``'s folder, with its size and modification time."""
    level, module, _ = source
    return folder_module_stamp(str(Path(filename).parent), level, module, added)


def imported_function(filename: str, source: tuple[int, str | None, str], added: tuple[str, ...] = ()):
    """The imported function's definition in its project module with that module's resolver, or None (not a
    project module, or no one module-level function of that name)."""
    stamp = _module_stamp(filename, source, added)
    return _module_functions(*stamp).get(source[2]) if stamp is not None else None


@lru_cache(maxsize=64)
def _module_functions(path: str, size: int, mtime: int) -> dict[str, tuple[ast.AST, object]]:
    read = _read_module(path)
    if read is None:
        return {}
    tree, resolve = read
    functions = [node for node in tree.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]
    names = [node.name for node in functions]
    return {node.name: (node, resolve) for node in functions if names.count(node.name) == 1}


def project_module_imports(tree: ast.AST) -> dict[str, tuple[int, str | None, str]]:
    """Local name -> (0, module, "") for ``tree``'s module-level ``import utils`` / ``import lib.losses as L`` (not
    torch's): a call ``utils.kl_loss(...)`` names the function ``kl_loss`` of that module, if the project has it."""
    return {alias.asname or alias.name: (0, alias.name, "") for statement in getattr(tree, "body", ())
            if isinstance(statement, ast.Import) for alias in statement.names
            if (alias.asname or "." not in alias.name) and not alias.name.startswith("torch")}


def _read_module(path: str):
    """The module's tree and a resolver of its dotted names through its own imports; None when it does not parse."""
    tree = parse_module_file(Path(path))
    if tree is None:
        return None
    imports = ImportMap.from_tree(tree)

    def resolve(node: ast.AST) -> str | None:
        dotted = dotted_name(node)
        return imports.resolve(dotted) if dotted else None

    return tree, resolve


@lru_cache(maxsize=256)
def _module_kinds(path: str, size: int, mtime: int) -> dict[str, str]:
    read = _read_module(path)
    return zero_dim_functions(*read) if read is not None else {}


def module_instances(tree: ast.AST) -> dict[str, str]:
    """Module-level name -> class name, for the names the module binds to ``ClassName(...)`` (a capitalised name) and
    otherwise only moves (``d = d.cuda()``)."""
    bound: dict[str, list[ast.expr | None]] = {}
    for statement in getattr(tree, "body", ()):
        if isinstance(statement, ast.Assign):
            for target in statement.targets:
                for node in ast.walk(target):
                    if isinstance(node, ast.Name):
                        bound.setdefault(node.id, []).append(statement.value if node is target else None)
    found = {}
    for name, values in bound.items():
        made = [value for value in values if not _moves(value, name)]
        if len(made) == 1 and isinstance(value := made[0], ast.Call) and isinstance(value.func, ast.Name) and \
                value.func.id[:1].isupper():
            found[name] = value.func.id
    return found


def imported_method_kind(filename: str, source: tuple[int, str | None, str], method: str,
                         added: tuple[str, ...] = ()) -> str | None:
    """What method ``method`` of the class the file imports as ``source`` returns (zerodim.VALUE or ITEMS), where that
    module defines the class and the method itself."""
    stamp = _module_stamp(filename, source, added)
    return _class_method_kinds(*stamp).get((source[2], method)) if stamp is not None else None


@lru_cache(maxsize=64)
def _class_method_kinds(path: str, size: int, mtime: int) -> dict[tuple[str, str], str]:
    read = _read_module(path)
    if read is None:
        return {}
    tree, resolve = read
    classes = [node for node in tree.body if isinstance(node, ast.ClassDef)]
    names = [node.name for node in classes]
    return {(cls.name, item.name): kind for cls in classes if names.count(cls.name) == 1 for item in cls.body
            if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and defined_method(cls, item.name) is item
            and (kind := zero_dim_method_kind(item, resolve)) is not None}


def _moves(value: ast.expr | None, name: str) -> bool:
    """``d.cuda()``, ``d.to(device)`` of the name itself: the same object."""
    return value is not None and value is not unmoved(value) and isinstance(moved := unmoved(value), ast.Name) \
        and moved.id == name
