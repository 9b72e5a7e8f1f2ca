"""``torch._C._jit_get_operation(name)`` used as the operator itself: it returns a pair since 1.12.

StyleGAN2-ADA's ``grid_sample_gradfix``/``conv2d_gradfix`` (and their many copies) fetch an ATen backward with ``op =
torch._C._jit_get_operation('aten::grid_sampler_2d_backward')`` and call ``op(...)``. Since 1.12 (pytorch/pytorch#76814)
the binding returns ``(operator, overload names)``, so the call raises ``TypeError: 'tuple' object is not callable``.
Reported: the call called at once (``_jit_get_operation(n)(...)``), or bound to one name that the same function then
calls. ``op, _ = ...`` and ``op = ...[0]`` (the fixed form) are not.

Nor is one in a class the file only reaches through a gate that opens on old releases alone: NVlabs' copies use their
custom ops only ``if _should_use_custom_op():``, a function that returns True only under ``if
any(torch.__version__.startswith(x) for x in ['1.7.', '1.8.', '1.9'])``; on 2.15 the op is never fetched.
"""

from __future__ import annotations

import ast
import re
from typing import Callable, Iterator

from .imports import code_scopes, own_nodes

_API = "torch._C._jit_get_operation"


def operation_tuples_called(tree: ast.AST, resolve: Callable[[ast.AST], str | None],
                            text: str | None = None) -> Iterator[ast.Call]:
    """Each ``_jit_get_operation`` call whose result is called as an operator (module docstring)."""
    if text is not None and "_jit_get_operation" not in text:
        return
    closed = _closed_classes(tree)
    for holder in code_scopes(tree):
        if any(start <= getattr(holder, "lineno", 0) <= end for start, end in closed):
            continue
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


# the release the op's result became a pair (pytorch/pytorch#76814): a gate for releases before it is closed on 2.15
_PAIR_RELEASE = (1, 12)
_RELEASE = re.compile(r"(\d+)\.(\d+)")


def _closed_classes(tree: ast.AST) -> list[tuple[int, int]]:
    """(first, last line) of each module-level class the file reaches only from ``if <old-release gate>():`` blocks,
    directly or through other such classes (module docstring): the forward and backward Functions name each other."""
    body = getattr(tree, "body", [])
    gates = {node.name for node in body if isinstance(node, ast.FunctionDef) and _old_release_gate(node)}
    classes = {node.name: node for node in body if isinstance(node, ast.ClassDef)}
    if not gates or not classes:
        return []
    gated = [node for node in ast.walk(tree) if isinstance(node, ast.If) and isinstance(node.test, ast.Call)
             and isinstance(node.test.func, ast.Name) and node.test.func.id in gates]
    hidden = {id(inner) for holder in [*(statement for node in gated for statement in node.body), *classes.values()]
              for inner in ast.walk(holder)}

    def named(holders) -> set[str]:
        return {node.id for holder in holders for node in ast.walk(holder)
                if isinstance(node, ast.Name) and node.id in classes}

    # reached from code that runs on 2.15: outside the gated blocks and the class bodies, then through those classes
    reached = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name) and node.id in classes
               and id(node) not in hidden}
    while more := named(classes[name] for name in reached) - reached:
        reached |= more
    behind = named(statement for node in gated for statement in node.body)
    while more := named(classes[name] for name in behind) - behind:
        behind |= more
    return [(classes[name].lineno, classes[name].end_lineno or classes[name].lineno) for name in behind - reached]


def _old_release_gate(function: ast.FunctionDef) -> bool:
    """Every ``return True`` of ``function`` sits under an ``if`` that tests ``torch.__version__`` against releases
    before the pair, spelled as string literals (``startswith('1.7.')``), and there is one."""
    gated = {id(inner) for node in ast.walk(function) if isinstance(node, ast.If) and _tests_old_release(node.test)
             for statement in node.body for inner in ast.walk(statement)}
    returns = [node for node in ast.walk(function) if _returns_true(node)]
    return bool(returns) and all(id(node) in gated for node in returns)


def _returns_true(node: ast.AST) -> bool:
    return isinstance(node, ast.Return) and isinstance(node.value, ast.Constant) and node.value.value is True


def _tests_old_release(test: ast.expr) -> bool:
    names = {node.attr for node in ast.walk(test) if isinstance(node, ast.Attribute)}
    if "__version__" not in names or "startswith" not in names:
        return False
    releases = [match for node in ast.walk(test) if isinstance(node, ast.Constant) and isinstance(node.value, str)
                for match in [_RELEASE.match(node.value)]]
    return bool(releases) and all(match is not None and (int(match.group(1)), int(match.group(2))) < _PAIR_RELEASE
                                  for match in releases)
