"""Tensors whose rank is certain from the expression that builds them: not 2-D.

``x.T`` warns on any tensor that is not 2-D, but the walker sees a receiver's rank only when the code
spells it: ``torch.tensor([1.0, 2.0, 3.0])`` (a flat list of numbers), ``torch.tensor(3.0)``,
``torch.arange(n)``, ``torch.linspace(a, b, n)``, ``torch.zeros(5)`` (one integer size), ``torch.rand(a, b, c)``
(three sizes or more, each a plain value: ``nn.Parameter(torch.rand(ind, outd, d))`` of a varying-coefficient
layer), wrapped in ``nn.Parameter(...)`` or followed by calls that keep the shape (``.float()``, ``.cuda()``,
``.clone()``, ...). A layer's ``self.weight`` bound only to such values, anywhere in its class, is one too. Anything
else is unknown and never reported.
"""

from __future__ import annotations

import ast
from typing import Callable

_ALWAYS_1D = frozenset({"torch.arange", "torch.linspace", "torch.logspace", "torch.randperm"})
_FROM_DATA = frozenset({"torch.tensor", "torch.as_tensor", "torch.Tensor", "torch.FloatTensor", "torch.LongTensor"})
_FROM_SIZES = frozenset({"torch.zeros", "torch.ones", "torch.empty", "torch.rand", "torch.randn"})
_WRAPPERS = frozenset({"torch.nn.Parameter", "torch.nn.parameter.Parameter"})
_SAME_SHAPE = frozenset({"float", "double", "half", "long", "int", "bool", "cuda", "cpu", "to", "clone",
                         "detach", "requires_grad_", "contiguous"})


def _number(node: ast.expr) -> bool:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        node = node.operand
    return isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool)


def is_not_2d(node: ast.expr, resolve: Callable[[ast.AST], str | None], known: Callable[[str], bool]) -> bool:
    """``node`` certainly builds a tensor that is not 2-D; ``known(name)``: a local name bound to one."""
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
        return bool(node.args) and is_not_2d(node.args[0], resolve, known)
    if api in _ALWAYS_1D:
        return True
    if api in _FROM_DATA and len(node.args) == 1:
        data = node.args[0]
        return _number(data) or (isinstance(data, (ast.List, ast.Tuple)) and bool(data.elts)
                                 and all(_number(e) for e in data.elts))
    if api in _FROM_SIZES and len(node.args) == 1:
        return isinstance(node.args[0], ast.Constant) and type(node.args[0].value) is int
    if api in _FROM_SIZES and len(node.args) >= 3:
        # torch.rand(a, b, c): one dimension per size, where each is a plain value (not *shape, not a tuple)
        return all(isinstance(size, (ast.Name, ast.Attribute, ast.Constant, ast.BinOp)) for size in node.args)
    return False


def not_2d_attributes(cls: ast.ClassDef, resolve: Callable[[ast.AST], str | None]) -> frozenset[str]:
    """The ``self.<name>`` attributes every binding in the class's methods makes not 2-D (and at least one does)."""
    bound: dict[str, bool] = {}
    for node in ast.walk(cls):
        targets = node.targets if isinstance(node, ast.Assign) else (
            [node.target] if isinstance(node, (ast.AnnAssign, ast.AugAssign)) else ())
        for target in targets:
            if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self":
                certain = isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None and \
                    is_not_2d(node.value, resolve, lambda name: False)
                bound[target.attr] = bound.get(target.attr, True) and certain
            elif isinstance(target, (ast.Tuple, ast.List)):
                for inner in ast.walk(target):
                    if isinstance(inner, ast.Attribute) and isinstance(inner.value, ast.Name) and inner.value.id == "self":
                        bound[inner.attr] = False
    return frozenset(name for name, certain in bound.items() if certain)
