"""Values certainly 0-dim, read with ``.data[0]``: the loss-data-index rule beyond receivers named like a loss.

``correct = pred.eq(target).sum()`` then ``correct.data[0]``, or ``x.mean().data[0]`` directly: a reduction over
every dimension (a method called without arguments, or ``torch.sum(x)`` with the tensor alone) is 0-dim since
torch 0.4, so indexing its data raises ``IndexError: invalid index of a 0-dim tensor``. Only what the code spells
counts: a name bound once in the scope to such a reduction, or the reduction itself. A reduction given a dim, a
keepdim, or any other argument is left alone (``max(0)`` returns values and indices).
"""

from __future__ import annotations

import ast
from typing import Callable

_FULL_REDUCTIONS = frozenset({"sum", "mean", "max", "min", "prod", "norm", "std", "var", "argmax", "argmin", "all",
                              "any", "median", "nansum", "nanmean", "count_nonzero", "amax", "amin"})
_SAME_SHAPE = frozenset({"cpu", "cuda", "float", "double", "long", "int", "detach", "clone", "abs", "neg", "sqrt",
                         "exp", "log"})


def is_full_reduction(node: ast.expr, resolve: Callable[[ast.AST], str | None]) -> bool:
    """``x.sum()``, ``x.eq(y).float().mean()``, ``torch.sum(x)``, also followed by shape-keeping calls
    (``.cpu()``, ``.float()``)."""
    while (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _SAME_SHAPE
           and not node.args and not node.keywords and resolve(node.func) is None):
        node = node.func.value
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
        return False
    api = resolve(node.func)
    if api is not None:  # torch.sum(x): the tensor alone
        return (api.startswith("torch.") and api.rsplit(".", 1)[-1] in _FULL_REDUCTIONS and api.count(".") == 1
                and len(node.args) == 1 and not isinstance(node.args[0], ast.Starred) and not node.keywords)
    return node.func.attr in _FULL_REDUCTIONS and not node.args and not node.keywords


def zero_dim_data_index(node: ast.Subscript, resolve: Callable[[ast.AST], str | None],
                        bound: Callable[[str], bool]) -> bool:
    """``<0-dim>.data[0]`` (also ``.cpu()`` around ``.data``): ``bound(name)`` says a local name holds a full
    reduction."""
    if not (isinstance(node.slice, ast.Constant) and type(node.slice.value) is int and node.slice.value == 0):
        return False
    value = node.value
    while isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr in (
            "cpu", "cuda") and not value.args:
        value = value.func.value
    if not (isinstance(value, ast.Attribute) and value.attr == "data"):
        return False
    value = value.value
    if isinstance(value, ast.Name):
        return bound(value.id)
    return is_full_reduction(value, resolve)
