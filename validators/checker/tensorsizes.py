"""A tensor's size passed on: the evidence that ``y.resize(n, m)`` is a tensor's non-inplace resize.

``resize`` is also PIL's (``img.resize((w, h))``, one tuple) and NumPy's (``a.resize(n, m)``, in place), so the
method name alone says nothing. What only a tensor gives is its size read by a call: ``x.size(0)``, ``x.size()``,
``x.numel()`` or ``torch.Size(...)`` (NumPy's ``size`` is an int and PIL's a tuple, neither callable; ``.shape`` is
everyone's and does not count). A call passing one as a positional argument, or a name the function binds to one
(``batch_size = x.size(0)``, ``b, c, h, w = x.size()``), resizes a tensor: the sizes are another tensor's, the
receiver one like it.
"""

from __future__ import annotations

import ast
from typing import Callable, Iterator


def is_size_read(node: ast.expr, resolve: Callable[[ast.AST], str | None],
                 known: Callable[[str], bool] = lambda name: False) -> bool:
    """``x.size(0)``, ``x.size()[1]``, ``x.numel()``, ``torch.Size([2, 3])``, ``known`` names, and arithmetic on them
    (``x.size(0) * 2``). A whole ``x.size()`` passed on is left out: a project's own ``size()`` may give PIL's
    ``(w, h)``."""
    if isinstance(node, ast.BinOp):
        return is_size_read(node.left, resolve, known) or is_size_read(node.right, resolve, known)
    if isinstance(node, ast.Name):
        return known(node.id)
    if isinstance(node, ast.Subscript):
        return _size_call(node.value, resolve, arguments=0)
    if isinstance(node, ast.Call) and resolve(node.func) == "torch.Size":
        return True
    return _size_call(node, resolve, arguments=1) or (_size_call(node, resolve, arguments=0, method="numel"))


def _size_call(node: ast.expr, resolve: Callable[[ast.AST], str | None], arguments: int,
               method: str = "size") -> bool:
    """``x.size(...)`` (or ``x.numel()``) with that many positional arguments, on something not a module."""
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == method
            and len(node.args) == arguments and not node.keywords and resolve(node.func) is None)


def size_bindings(value: ast.expr, target: ast.AST, resolve: Callable[[ast.AST], str | None],
                  known: Callable[[str], bool]) -> Iterator[tuple[str, bool]]:
    """(name, holds a tensor size) for each plain name ``target = value`` binds: ``n = x.size(0)`` yes,
    ``b, c, h, w = x.size()`` yes for each, anything else no (a rebinding ends what the name held)."""
    if isinstance(target, ast.Name):
        yield target.id, is_size_read(value, resolve, known)
    elif isinstance(target, (ast.Tuple, ast.List)):
        whole = _size_call(value, resolve, arguments=0)
        for element in target.elts:
            if isinstance(element, ast.Starred):
                element = element.value
            if isinstance(element, ast.Name):
                yield element.id, whole


def passes_tensor_size(call: ast.Call, resolve: Callable[[ast.AST], str | None], known: Callable[[str], bool]) -> bool:
    """A positional argument of ``call`` is a tensor's size (not one inside a tuple: that is PIL's ``(w, h)``)."""
    return any(is_size_read(argument, resolve, known) for argument in call.args)
