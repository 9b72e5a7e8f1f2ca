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

from ..parsing import parse_python
from .source import Unreadable, read_source
from .starimports import _module_file


def helper_parts(function: ast.FunctionDef | ast.AsyncFunctionDef) -> int | None:
    """How many leading components of torch's version the helper returns as ints, or None when it is not
    such a helper."""
    args = function.args
    if len(args.posonlyargs) + len(args.args) > len(args.defaults) or any(
            default is None for default in args.kw_defaults):
        return None  # it needs arguments: it may compare something other than torch's version
    returns = [node for node in ast.walk(function) if isinstance(node, ast.Return)]
    if len(returns) != 1 or returns[0].value is None or not _is_sequence(returns[0].value):
        return None
    reads_version = splits = ints = False
    parts = None
    for node in ast.walk(function):
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

    def parts(self, name: str) -> int | None:
        if self._local is None:
            self._local = {node.name: helper_parts(node) for node in self.tree.body
                           if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}
        if name in self._local:
            return self._local[name]
        if not self.project_file:
            return None
        if self._imported is None:
            self._imported = {alias.asname or alias.name: (node.level, node.module, alias.name)
                              for node in ast.walk(self.tree) if isinstance(node, ast.ImportFrom)
                              for alias in node.names if alias.name != "*"}
        if name not in self._found:
            self._found[name] = self._imported_parts(name)
        return self._found[name]

    def _imported_parts(self, name: str) -> int | None:
        found = self._imported.get(name)
        if found is None:
            return None
        level, module, original = found
        path = _module_file(Path(self.filename), level, module)
        if path is None:
            return None
        try:
            stat = path.stat()
        except OSError:
            return None
        return dict(_module_helpers(str(path), stat.st_size, stat.st_mtime_ns)).get(original)


@lru_cache(maxsize=256)
def _module_helpers(path: str, size: int, mtime: int) -> tuple[tuple[str, int], ...]:
    try:
        tree = parse_python(read_source(Path(path)), path)
    except (Unreadable, SyntaxError, ValueError, RecursionError, MemoryError):
        return ()
    return tuple((node.name, parts) for node in tree.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
                 and (parts := helper_parts(node)) is not None)
