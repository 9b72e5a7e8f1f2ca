"""Tensors whose rank is certain from the expression that builds them: a 1-D (or 0-D) tensor.

``x.T`` warns on any tensor that is not 2-D, but the walker sees a receiver's rank only when the code
spells it: ``torch.tensor([1.0, 2.0, 3.0])`` (a flat list of numbers), ``torch.tensor(3.0)``,
``torch.arange(n)``, ``torch.linspace(a, b, n)``, ``torch.zeros(5)`` (one integer size), wrapped in
``nn.Parameter(...)`` or followed by calls that keep the shape (``.float()``, ``.cuda()``, ``.clone()``, ...).
Anything else is unknown and never reported.
"""

from __future__ import annotations

import ast
from typing import Callable

_ALWAYS_1D = frozenset({"torch.arange", "torch.linspace", "torch.logspace", "torch.randperm"})
_FROM_DATA = frozenset({"torch.tensor", "torch.as_tensor", "torch.Tensor", "torch.FloatTensor", "torch.LongTensor"})
_FROM_ONE_SIZE = frozenset({"torch.zeros", "torch.ones", "torch.empty", "torch.rand", "torch.randn"})
_WRAPPERS = frozenset({"torch.nn.Parameter", "torch.nn.parameter.Parameter"})
_SAME_SHAPE = frozenset({"float", "double", "half", "long", "int", "bool", "cuda", "cpu", "to", "clone",
                         "detach", "requires_grad_", "contiguous"})


def _number(node: ast.expr) -> bool:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        node = node.operand
    return isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool)


def is_low_rank(node: ast.expr, resolve: Callable[[ast.AST], str | None], known: Callable[[str], bool]) -> bool:
    """``node`` certainly builds a tensor of at most one dimension; ``known(name)``: a local name bound to one."""
    while isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _SAME_SHAPE \
            and resolve(node.func) is None:
        if node.func.attr == "to" and any(not isinstance(a, (ast.Constant, ast.Attribute, ast.Name)) for a in node.args):
            return False
        node = node.func.value
    if isinstance(node, ast.Name):
        return known(node.id)
    if not isinstance(node, ast.Call):
        return False
    api = resolve(node.func)
    if api in _WRAPPERS:
        return bool(node.args) and is_low_rank(node.args[0], resolve, known)
    if api in _ALWAYS_1D:
        return True
    if api in _FROM_DATA and len(node.args) == 1:
        data = node.args[0]
        return _number(data) or (isinstance(data, (ast.List, ast.Tuple)) and bool(data.elts)
                                 and all(_number(e) for e in data.elts))
    if api in _FROM_ONE_SIZE and len(node.args) == 1:
        return isinstance(node.args[0], ast.Constant) and type(node.args[0].value) is int
    return False
