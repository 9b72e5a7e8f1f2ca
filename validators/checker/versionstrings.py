"""Comparisons that take torch's version string apart, decided on the target.

``int(version[0]) > 0 or int(version[2]) > 3`` after ``version = torch.__version__``, ``int(torch.__version__
.split(".")[1]) >= 3``, ``float(torch.__version__[:3]) < 1.5``, ``tuple(map(int, v.split(".")[:2])) >= (1, 9)``:
the code computes something from the string and compares it with a constant. On the target the string is
``"<major>.<minor>."`` followed by a patch level and a local tail nobody can know (``"2.15.0+cu132"``), so each
piece is evaluated as Python would on that string; whatever depends on the tail is unknown, and so is the
comparison. Only indexing, slicing, ``split``, ``int``/``float``/``str``, ``map(int, ...)``, ``tuple``/``list``,
``[int(x) for x in ...]`` (or a generator) and ``startswith`` are read; anything else is unknown.

``version_aliases`` finds the names a module binds once to the string or to a piece of it (``version =
torch.__version__``, ``torch_ver = torch.__version__[:3]``), which stand for it wherever a test reads them (the
walker substitutes them before the guard reader sees the test).
"""

from __future__ import annotations

import ast
import copy
import operator
from typing import Callable

from .versionhelpers import bound_once
from .imports import walk_nodes

_UNKNOWN = object()
_OPS = {ast.Gt: operator.gt, ast.GtE: operator.ge, ast.Lt: operator.lt, ast.LtE: operator.le,
        ast.Eq: operator.eq, ast.NotEq: operator.ne}


class _VersionString:
    """The target's version string: ``known`` is its leading ``"major.minor."``; the rest is unknown."""

    def __init__(self, known: str):
        self.known = known


class _VersionParts:
    """``version.split(".")``: ``known`` are the leading parts (major, minor); at least one more follows."""

    def __init__(self, known: list[str]):
        self.known = known


def version_compare(test: ast.expr, is_version: Callable[[ast.expr], bool],
                    target: tuple[int, int]) -> bool | None:
    """The outcome on the target of a one-operator comparison, or of a call such as ``v.startswith("1.")``,
    computed from the version string; None when it reads no version string or cannot be decided."""
    if not any(is_version(node) for node in walk_nodes(test)):
        return None
    if isinstance(test, ast.Call):
        value = _value(test, is_version, target, {})
        return value if isinstance(value, bool) else None
    op = _OPS.get(type(test.ops[0])) if isinstance(test, ast.Compare) and len(test.ops) == 1 else None
    if op is None:
        return None
    left = _value(test.left, is_version, target, {})
    right = _value(test.comparators[0], is_version, target, {})
    if _unknown(left) or _unknown(right):
        return None
    try:
        result = op(left, right)
    except TypeError:  # `"2" > 1` raises: not a question with an answer
        return None
    return result if isinstance(result, bool) else None


def _unknown(value) -> bool:
    return value is _UNKNOWN or isinstance(value, (_VersionString, _VersionParts))


def _value(node: ast.expr, is_version, target, bound: dict[str, object]):
    if is_version(node):
        return _VersionString(f"{target[0]}.{target[1]}.")
    if isinstance(node, ast.Constant) and type(node.value) in (bool, int, float, str):
        return node.value
    if isinstance(node, ast.Name) and node.id in bound:
        return bound[node.id]
    if isinstance(node, (ast.Tuple, ast.List)):
        items = [_value(e, is_version, target, bound) for e in node.elts]
        if any(_unknown(item) for item in items):
            return _UNKNOWN
        return tuple(items) if isinstance(node, ast.Tuple) else items
    if isinstance(node, ast.Subscript):
        return _subscript(_value(node.value, is_version, target, bound), node.slice, is_version, target, bound)
    if isinstance(node, (ast.ListComp, ast.GeneratorExp)):  # tuple(int(x) for x in ...) reads it as a list
        return _comprehension(node, is_version, target, bound)
    if isinstance(node, ast.Call) and not node.keywords:
        return _call(node, is_version, target, bound)
    return _UNKNOWN


def _subscript(base, index: ast.expr, is_version, target, bound):
    if base is _UNKNOWN:
        return _UNKNOWN
    known = base.known if isinstance(base, (_VersionString, _VersionParts)) else None
    if isinstance(index, ast.Slice):
        if index.step is not None:
            return _UNKNOWN
        bounds = [None if part is None else _value(part, is_version, target, bound) for part in (index.lower, index.upper)]
        if any(b is not None and type(b) is not int for b in bounds):
            return _UNKNOWN
        lower, upper = bounds
        if known is not None:  # a slice is known when it ends within the known part
            if upper is None or upper < 0 or (lower is not None and lower < 0) or upper > len(known):
                return _UNKNOWN
            return known[lower:upper]
        return base[lower:upper] if isinstance(base, (str, list, tuple)) else _UNKNOWN
    position = _value(index, is_version, target, bound)
    if type(position) is not int:
        return _UNKNOWN
    if known is not None:
        return known[position] if 0 <= position < len(known) else _UNKNOWN
    if isinstance(base, (str, list, tuple)) and -len(base) <= position < len(base):
        return base[position]
    return _UNKNOWN


def _call(node: ast.Call, is_version, target, bound):
    func = node.func
    if isinstance(func, ast.Attribute):
        owner = _value(func.value, is_version, target, bound)
        args = [_value(a, is_version, target, bound) for a in node.args]
        if func.attr == "split" and args == ["."]:
            if isinstance(owner, _VersionString):
                return _VersionParts(owner.known.split(".")[:-1])
            return owner.split(".") if isinstance(owner, str) else _UNKNOWN
        if func.attr == "startswith" and len(args) == 1 and isinstance(args[0], str):
            if isinstance(owner, str):
                return owner.startswith(args[0])
            if isinstance(owner, _VersionString):
                common = min(len(args[0]), len(owner.known))
                if args[0][:common] != owner.known[:common]:
                    return False
                return True if len(args[0]) <= len(owner.known) else _UNKNOWN
        return _UNKNOWN
    if not isinstance(func, ast.Name):
        return _UNKNOWN
    if func.id == "map" and len(node.args) == 2 and isinstance(node.args[0], ast.Name) and node.args[0].id in (
            "int", "float"):
        items = _value(node.args[1], is_version, target, bound)
        return _each(items, int if node.args[0].id == "int" else float)
    if len(node.args) != 1:
        return _UNKNOWN
    value = _value(node.args[0], is_version, target, bound)
    if func.id in ("int", "float"):
        if not isinstance(value, str):
            return _UNKNOWN
        try:
            return int(value) if func.id == "int" else float(value)
        except ValueError:
            return _UNKNOWN
    if func.id in ("tuple", "list") and isinstance(value, (list, tuple)):
        return tuple(value) if func.id == "tuple" else list(value)
    if func.id == "str" and isinstance(value, str):
        return value
    return _UNKNOWN


def _each(items, convert):
    if not isinstance(items, (list, tuple)) or not all(isinstance(item, str) for item in items):
        return _UNKNOWN
    try:
        return [convert(item) for item in items]
    except ValueError:
        return _UNKNOWN


def _comprehension(node: ast.ListComp | ast.GeneratorExp, is_version, target, bound):
    """``[int(x) for x in version.split(".")[:2]]`` (or the generator): one loop over a known list, no
    conditions."""
    if len(node.generators) != 1:
        return _UNKNOWN
    loop = node.generators[0]
    if loop.ifs or loop.is_async or not isinstance(loop.target, ast.Name):
        return _UNKNOWN
    items = _value(loop.iter, is_version, target, bound)
    if not isinstance(items, (list, tuple)):
        return _UNKNOWN
    values = [_value(node.elt, is_version, target, {**bound, loop.target.id: item}) for item in items]
    return _UNKNOWN if any(_unknown(v) for v in values) else values


def version_aliases(tree: ast.AST, is_version: Callable[[ast.expr], bool]) -> dict[str, ast.expr]:
    """Names bound once in the whole file, at module level, to torch's version string or something computed from
    it (``version = torch.__version__``, ``torch_ver = torch.__version__[:3]``: "2.1" on 2.15), never declared
    ``global``: name -> the expression. A name bound anywhere else too (a function's local, a loop variable) may
    hold something else there. A binding may read an alias bound above it (``major = int(version.split(".")[0])``)
    and unpack its value (``major, minor = map(int, version.split(".")[:2])``: each name is that item)."""
    found: dict[str, ast.expr] = {}
    once: set[str] | None = None  # the module-level names bound once in the file, read at the first candidate
    for statement in getattr(tree, "body", []):
        if not (isinstance(statement, ast.Assign) and len(statement.targets) == 1):
            continue
        value = substitute_aliases(statement.value, found)
        if not any(is_version(node) for node in walk_nodes(value)):
            continue
        target = statement.targets[0]
        if isinstance(target, ast.Name):
            candidates = {target.id: value}
        elif isinstance(target, ast.Tuple) and all(isinstance(element, ast.Name) for element in target.elts):
            candidates = {element.id: ast.copy_location(ast.Subscript(value, ast.Constant(position), ast.Load()),
                                                        element) for position, element in enumerate(target.elts)}
        else:
            continue
        if once is None:
            once = bound_once(tree, _module_level_names(tree), shadowing=True)
        found.update((name, value) for name, value in candidates.items() if name in once)
    return found


def _module_level_names(tree: ast.AST) -> set[str]:
    """The plain names (or tuple items) module-level assignments bind: every candidate of version_aliases."""
    return {element.id for statement in getattr(tree, "body", []) if isinstance(statement, ast.Assign)
            for target in statement.targets for element in (target.elts if isinstance(target, ast.Tuple) else (target,))
            if isinstance(element, ast.Name)}


def substitute_aliases(test: ast.expr, aliases: dict[str, ast.expr]) -> ast.expr:
    """``test`` with every read of an alias, at any depth, replaced by the version expression it stands for;
    the same node when it reads none (the common case)."""
    if not aliases or not any(isinstance(n, ast.Name) and n.id in aliases for n in walk_nodes(test)):
        return test

    class _Replace(ast.NodeTransformer):
        def visit_Name(self, node: ast.Name) -> ast.expr:
            return aliases.get(node.id, node) if isinstance(node.ctx, ast.Load) else node

    return _Replace().visit(copy.deepcopy(test))
