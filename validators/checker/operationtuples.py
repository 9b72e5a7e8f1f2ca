"""``torch._C._jit_get_operation(name)`` used as the operator itself: it returns a pair since 1.12.

StyleGAN2-ADA's ``grid_sample_gradfix``/``conv2d_gradfix`` (and their many copies) fetch an ATen backward with ``op =
torch._C._jit_get_operation('aten::grid_sampler_2d_backward')`` and call ``op(...)``. Since 1.12 (pytorch/pytorch#76814)
the binding returns ``(operator, overload names)``, so the call raises ``TypeError: 'tuple' object is not callable``.
Reported: the call called at once (``_jit_get_operation(n)(...)``), or bound to one name that the same function then
calls. ``op, _ = ...`` and ``op = ...[0]`` (the fixed form) are not.
"""

from __future__ import annotations

import ast
from typing import Callable, Iterator

from .imports import code_scopes, own_nodes

_API = "torch._C._jit_get_operation"


def operation_tuples_called(tree: ast.AST, resolve: Callable[[ast.AST], str | None],
                            text: str | None = None) -> Iterator[ast.Call]:
    """Each ``_jit_get_operation`` call whose result is called as an operator (module docstring)."""
    if text is not None and "_jit_get_operation" not in text:
        return
    for holder in code_scopes(tree):
        bound: dict[str, ast.Call] = {}
        called: set[str] = set()
        for node in own_nodes(holder):
            if node.__class__ is ast.Call:
                if node.func.__class__ is ast.Call and resolve(node.func.func) == _API:
                    yield node.func  # torch._C._jit_get_operation(name)(*args)
                elif node.func.__class__ is ast.Name:
                    called.add(node.func.id)
            elif node.__class__ is ast.Assign and len(node.targets) == 1 and node.targets[0].__class__ is ast.Name \
                    and node.value.__class__ is ast.Call and resolve(node.value.func) == _API:
                bound[node.targets[0].id] = node.value
        yield from (call for name, call in bound.items() if name in called)
