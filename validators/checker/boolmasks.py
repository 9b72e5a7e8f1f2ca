"""``1 - mask`` on a bool tensor (rule kind ``bool-subtraction``).

torch 1.2 made comparisons return bool tensors and refused ``-`` on them: ``1 - valid_mask`` (the old way to invert a
uint8 mask) raises "Subtraction, the `-` operator, with a bool tensor is not supported" (RuntimeError up to 2.13,
NotImplementedError on 2.15), and ``-mask`` raises the same for negation.

The values are followed the way uint8masks.py follows uint8 ones (its search, with bool makers in place of uint8
ones): a subtraction is reported only when one side is provably bool in this file, made by a tensor comparison
method (``target.ne(ignore)``, ``.eq``, ``.lt``, ``.isnan()``, ...), ``.bool()``, ``.to(torch.bool)``, a call with
``dtype=torch.bool`` or ``torch.eq``/``torch.logical_not``/..., kept through dtype-keeping calls, ``~``, ``&``,
``|`` and ``*`` of two bool values. A Python comparison (``a > b``) is left alone: on plain numbers it is a
Python bool, and ``1 - True`` is fine.

The work runs only for a file whose text both subtracts (or negates) and makes a bool value this way.
"""

from __future__ import annotations

import ast
import re
from typing import Callable, Iterator

from .imports import statements
from .provenance import Provenance
from .uint8masks import _KEEP_DTYPE, _Calls, _Search

_BOOL_TYPES = frozenset({"torch.bool", "torch.BoolTensor", "torch.cuda.BoolTensor"})
# Tensor methods returning a bool tensor whatever the receiver's dtype (in-place ne_ and friends keep the dtype)
_BOOL_METHODS = frozenset({"ne", "eq", "lt", "le", "gt", "ge", "greater", "less", "greater_equal", "less_equal",
                           "not_equal", "isnan", "isinf", "isfinite", "isneginf", "isposinf", "signbit",
                           "logical_not", "logical_and", "logical_or", "logical_xor"})
_BOOL_FUNCTIONS = frozenset({f"torch.{name}" for name in _BOOL_METHODS} | {"torch.BoolTensor", "torch.cuda.BoolTensor"})
# a bool-making method name followed by "(", or torch.bool / BoolTensor
_MAKES_BOOL = re.compile(r"\.(?:%s)\(|\.bool\(\)|torch\.bool\b|BoolTensor" % "|".join(sorted(_BOOL_METHODS)))


class _BoolSearch(_Search):
    """uint8masks' search, asking "provably bool?" instead of "provably uint8?" (its ``uint8`` method answers)."""

    def _call(self, call: ast.Call, scope: int, depth: int, at: int | None) -> bool:
        func = call.func
        dtype = next((kw.value for kw in call.keywords if kw.arg == "dtype"), None)
        if dtype is not None:
            return self.resolve(dtype) in _BOOL_TYPES and self._made(call)
        api = self.resolve(func)
        if api in _BOOL_FUNCTIONS:
            return self._made(call)
        if not isinstance(func, ast.Attribute) or (api is not None and not api.startswith("torch.")):
            return False  # operator.eq(a, b): not a tensor
        if isinstance(func.value, ast.Name) and func.value.id in self.modules:
            return False  # np.isnan(x): a function of an imported module, not a tensor method (torch's are above)
        if func.attr in _BOOL_METHODS:
            return self._made(call)
        if func.attr == "bool" and not call.args and not call.keywords:
            return self._made(call)
        if func.attr in ("to", "type") and len(call.args) == 1 and not call.keywords:
            if self.resolve(call.args[0]) in _BOOL_TYPES:
                return self._made(call)
            if func.attr == "to" and self.resolve(call.args[0]) is None and self._is_device(call.args[0]):
                return self.uint8(func.value, scope, depth + 1, at)
            return False
        if func.attr in _KEEP_DTYPE:
            return self.uint8(func.value, scope, depth + 1, at)
        return False

    modules: "_ImportedNames | frozenset[str]" = frozenset()  # names the file's import statements bind

    def _made(self, call: ast.Call) -> bool:
        self.makers.append(call)
        return True


def bool_subtractions(tree: ast.AST, source: str, provenance: Provenance,
                      resolve: Callable) -> Iterator[ast.AST]:
    """Each ``a - b`` (or ``-a``, ``a -= b``) where a side is provably a bool tensor."""
    if "-" not in source or not _MAKES_BOOL.search(source):
        return
    candidates = list(_subtractions(tree))
    if not candidates:
        return
    calls = _Calls(tree, resolve)
    modules = _ImportedNames(tree)
    for node, sides, scope, statement in candidates:
        search = _BoolSearch(provenance, calls, resolve)
        search.modules = modules
        if any(search.uint8(side, scope, 0, statement) for side in sides):
            yield node


def _subtractions(tree: ast.AST) -> Iterator[tuple[ast.AST, tuple[ast.expr, ...], int, int | None]]:
    """(node, the sides to test, scope id as uint8masks' _Calls numbers it, the statement holding it)."""
    functions = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)
    stack: list[tuple[ast.AST, int, int | None]] = [(tree, 0, None)]
    while stack:
        node, scope, statement = stack.pop()
        if isinstance(node, ast.stmt):
            statement = id(node)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Sub):
            yield node, (node.left, node.right), scope, statement
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            yield node, (node.operand,), scope, statement
        elif isinstance(node, ast.AugAssign) and isinstance(node.op, ast.Sub):
            yield node, (node.target, node.value), scope, statement
        inner = id(node) if isinstance(node, functions) else scope
        for child in ast.iter_child_nodes(node):
            stack.append((child, inner, statement))


class _ImportedNames:
    """The names the file's import statements bind, found on the first question: most files' searches never ask,
    and finding them walks every statement."""

    def __init__(self, tree: ast.AST) -> None:
        self._tree = tree
        self._names: frozenset[str] | None = None

    def __contains__(self, name: str) -> bool:
        if self._names is None:
            # imports are statements: the statements alone are walked, not the expressions
            self._names = frozenset(alias.asname or alias.name.split(".")[0] for node in statements(self._tree)
                                    if isinstance(node, (ast.Import, ast.ImportFrom)) for alias in node.names)
        return name in self._names
