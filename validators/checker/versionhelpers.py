"""A project's own torch-version helper, read from its body: ``get_torch_version() >= [1, 11]``.

``def get_torch_version(): return [int(p) for p in torch.__version__.split(".")[:2]]`` returns the first two
components of torch's version as ints, so comparing its result with a list or tuple of ints is a version check
whose outcome on the target is known. Only a helper whose body is visible counts: defined at module level
in the file, or imported with ``from <module> import <name>`` from a module file of the project. Its body must
read ``torch.__version__``, split it on ".", keep a constant number of leading parts (``[:2]``) and turn them
into ints (``int(...)`` or ``map(int, ...)``), returning a list or tuple. Anything else is not guessed at.
"""

from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path
from typing import Container

from .imports import subnodes, walk_nodes, walk_tree
from .source import parse_module_file
from .starimports import module_file_stamp


def helper_parts(function: ast.FunctionDef | ast.AsyncFunctionDef) -> int | None:
    """How many leading components of torch's version the helper returns as ints, or None when it is not
    such a helper."""
    args = function.args
    if len(args.posonlyargs) + len(args.args) > len(args.defaults) or any(
            default is None for default in args.kw_defaults):
        return None  # it needs arguments: it may compare something other than torch's version
    returns = [node for node in subnodes(function) if isinstance(node, ast.Return)]  # (one is wanted: any order)
    if len(returns) != 1 or returns[0].value is None or not _is_sequence(returns[0].value):
        return None
    return _version_parts(function)


def value_parts(value: ast.expr) -> int | None:
    """``[int(x) for x in torch.__version__.split(".")[:2]]`` bound to a name: how many leading components of
    torch's version it holds as ints, or None when it is not such a value."""
    return _version_parts(value) if _is_sequence(value) else None


def _version_parts(node: ast.AST) -> int | None:
    """Reads ``torch.__version__``, splits it on ".", keeps ``[:N]`` and turns the parts into ints: N."""
    reads_version = splits = ints = False
    parts = None
    for node in walk_nodes(node):
        if isinstance(node, ast.Attribute) and node.attr == "__version__" and _names_torch(node.value):
            reads_version = True
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "split"
              and node.args and isinstance(node.args[0], ast.Constant) and node.args[0].value == "."):
            splits = True
        elif isinstance(node, ast.Name) and node.id == "int":
            ints = True
        elif (isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Slice) and node.slice.lower is None
              and node.slice.step is None and isinstance(node.slice.upper, ast.Constant)
              and type(node.slice.upper.value) is int and _slices_split(node.value)):
            parts = node.slice.upper.value
    return parts if reads_version and splits and ints and parts and parts > 0 else None


def _is_sequence(value: ast.expr) -> bool:
    if isinstance(value, (ast.List, ast.ListComp, ast.Tuple)):
        return True
    return isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in ("list", "tuple")


def _names_torch(node: ast.expr) -> bool:
    return isinstance(node, ast.Name) and node.id == "torch"


def _slices_split(node: ast.expr) -> bool:
    """``torch.__version__.split(".")`` (or a name bound to it: the split itself is checked elsewhere)."""
    return isinstance(node, (ast.Call, ast.Name))


def int_sequence(node: ast.expr) -> tuple[int, ...] | None:
    """``[1, 11]`` / ``(1, 11)``: the ints of a literal list or tuple."""
    if isinstance(node, (ast.List, ast.Tuple)) and node.elts and all(
            isinstance(e, ast.Constant) and type(e.value) is int for e in node.elts):
        return tuple(e.value for e in node.elts)
    return None


def compare_parts(parts: int, target: tuple[int, int], symbol: str, wanted: tuple[int, ...]) -> bool | None:
    """``helper() <symbol> wanted`` where the helper returns the first ``parts`` components of ``target``
    (major, minor; the patch level is unknown, so a third component only decides when the first two differ)."""
    known = target[:parts]
    if parts > 2:
        prefix = wanted[:2]
        if prefix == target:  # 2.15.x against [2, 15, y]: the patch level decides
            return None
        known = target
        wanted = prefix
    left, right = list(known), list(wanted)
    return {">=": left >= right, ">": left > right, "<=": left <= right, "<": left < right,
            "==": left == right, "!=": left != right}.get(symbol)


class VersionHelpers:
    """The version helpers a file can call by name: its own module-level functions and the ones it imports
    from its project's modules (read lazily, once per module file)."""

    def __init__(self, tree: ast.Module, filename: str, project_file: bool):
        self.tree, self.filename, self.project_file = tree, filename, project_file
        self._local: dict[str, int | None] | None = None
        self._imported: dict[str, tuple[int, str | None, str]] | None = None
        self._found: dict[str, int | None] = {}  # imported name -> its parts, looked up once

    def parts(self, key: str) -> int | None:
        """``"name()"``: what the helper function ``name`` returns; ``"name"``: what the module-level name holds."""
        if self._local is None:
            self._local = _local_helpers(self.tree)
        if key in self._local:
            return self._local[key]
        if not self.project_file:
            return None
        if self._imported is None:
            self._imported = {alias.asname or alias.name: (node.level, node.module, alias.name)
                              for node in walk_tree(self.tree) if isinstance(node, ast.ImportFrom)
                              for alias in node.names if alias.name != "*"}
        if key not in self._found:
            self._found[key] = self._imported_parts(key)
        return self._found[key]

    def _imported_parts(self, key: str) -> int | None:
        called = key.endswith("()")
        found = self._imported.get(key[:-2] if called else key)
        if found is None:
            return None
        level, module, original = found
        stamp = module_file_stamp(Path(self.filename), level, module)
        if stamp is None:
            return None
        return dict(_module_helpers(*stamp)).get(f"{original}()" if called else original)


@lru_cache(maxsize=256)
def _module_helpers(path: str, size: int, mtime: int) -> tuple[tuple[str, int], ...]:
    if (tree := parse_module_file(Path(path))) is None:
        return ()
    return tuple((key, parts) for key, parts in _local_helpers(tree).items() if parts is not None)


def _local_helpers(tree: ast.AST) -> dict[str, int | None]:
    """``"name()"`` for each module-level function, and ``"name"`` for each name bound once in the whole file, at
    module level, to torch's version parts (``_TORCH_VER = [int(x) for x in torch.__version__.split(".")[:2]]``):
    a name bound anywhere else too (a function's local, a ``global``) may hold something else."""
    found: dict[str, int | None] = {}
    candidates: dict[str, int] = {}
    for node in getattr(tree, "body", ()):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found[f"{node.name}()"] = helper_parts(node)
        elif (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
              and (parts := value_parts(node.value)) is not None):
            candidates[node.targets[0].id] = parts
    if candidates:
        once = bound_once(tree, candidates)
        found.update((name, parts) for name, parts in candidates.items() if name in once)
    return found


def bound_once(tree: ast.AST, candidates: Container[str], shadowing: bool = False) -> set[str]:
    """The candidates bound exactly once in the whole file. A ``global``/``nonlocal`` declaration means more
    bindings elsewhere; with ``shadowing``, so does a parameter or an import of the name (another value there)."""
    bound: dict[str, int] = {}
    for node in walk_tree(tree):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load) and node.id in candidates:
            bound[node.id] = bound.get(node.id, 0) + 1
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            for name in node.names:
                bound[name] = bound.get(name, 0) + 2
        elif shadowing and isinstance(node, ast.arg) and node.arg in candidates:
            bound[node.arg] = bound.get(node.arg, 0) + 2
        elif shadowing and isinstance(node, ast.alias) and (node.asname or node.name).partition(".")[0] in candidates:
            bound[(node.asname or node.name).partition(".")[0]] = 2  # `from packaging import version` too
    return {name for name, count in bound.items() if count == 1}
