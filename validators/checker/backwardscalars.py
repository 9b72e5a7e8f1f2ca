"""``total_objective.backward()`` and later ``total_objective.data[0]``: a value backward() takes without a
gradient has one element, and since torch 0.4 the one-element values a training step makes are 0-dim.

``backward()`` with no gradient runs only on a single-element tensor ("grad can be implicitly created only for scalar
outputs"). In 0.3 that was a 1-element vector and ``.data[0]`` read it; since 0.4 a reduction or a loss is 0-dim and
the same read raises ``IndexError: invalid index of a 0-dim tensor``. A name is left alone when any of its bindings in
the function shapes it (``.view(1)``, ``torch.zeros(1)``, ``torch.cat``, a legacy constructor given a size): those
stay 1-element vectors that [0] reads fine.
"""

from __future__ import annotations

import ast

from .imports import dotted_name, own_statements, walk_nodes

_SHAPING = frozenset({"view", "reshape", "unsqueeze", "expand", "repeat", "cat", "stack", "zeros", "ones", "empty",
                      "full", "Tensor", "FloatTensor", "DoubleTensor", "tensor", "as_tensor", "from_numpy"})
_GRAPH_OPTIONS = frozenset({"retain_graph", "create_graph", "retain_variables"})


def implicit_backward_names(function: ast.AST) -> frozenset[str]:
    """The plain names ``function`` (not a nested one) calls ``backward()`` on without a gradient."""
    names = set()
    for statement in own_statements(function):
        for node in walk_nodes(statement) if isinstance(statement, ast.Expr) else ():
            if node.__class__ is ast.Call and node.func.__class__ is ast.Attribute and node.func.attr == "backward" \
                    and node.func.value.__class__ is ast.Name and not node.args \
                    and all(keyword.arg in _GRAPH_OPTIONS for keyword in node.keywords):
                names.add(node.func.value.id)
    return frozenset(names)


def shapes_value(value: ast.expr) -> bool:
    """A binding that may give a 1-element vector rather than a 0-dim value (module docstring)."""
    for node in walk_nodes(value):
        if node.__class__ is ast.Call and (dotted_name(node.func) or "").rsplit(".", 1)[-1] in _SHAPING:
            return True
    return False
