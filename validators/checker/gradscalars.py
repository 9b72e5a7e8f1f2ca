"""``float(loss)`` after ``loss.backward()``: a Python number from a tensor that requires grad, which warns since 2.8.

Converting a tensor with ``requires_grad=True`` to a Python scalar warns once per process while grad mode is on:
``UserWarning: Converting a tensor with requires_grad=True to a scalar may lead to unexpected behavior. Consider
using tensor.detach() first.`` ``float(t)``, ``math.exp(t)`` and ``torch.tensor([t])`` warn; ``t.item()``, ``int(t)``
and ``float(t.detach())`` do not (run on 2.13 and 2.15). Whether a tensor requires grad is known only where the code
says so: a name the function binds once and calls ``backward`` on. A conversion of it in that function counts, unless
it sits under ``torch.no_grad()`` or ``torch.inference_mode()`` (grad mode off: no warning).
"""

from __future__ import annotations

import ast
import re
from typing import Callable, Iterator

from .imports import own_nodes, own_statements, subnodes

_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
_WORD = re.compile(r"\w+")
_NO_GRAD = frozenset({"torch.no_grad", "torch.inference_mode", "torch.autograd.no_grad",
                      "torch.autograd.grad_mode.no_grad", "torch.autograd.grad_mode.inference_mode"})


def grad_scalar_conversions(tree: ast.AST, resolve: Callable[[ast.AST], str | None],
                            text: str | None = None) -> Iterator[ast.Call]:
    """Each ``float(x)`` / ``math.<f>(x)`` of a name ``x`` its function binds once and calls ``x.backward(...)`` on."""
    if text is not None and not (_names_before(text, ".backward(") & (
            _names_after(text, "float(") | _names_after(text, "math."))):
        return  # no name is both given backward() and converted: most files, read off the text alone
    functions, backward_lines = [], []
    for node in subnodes(tree):
        if isinstance(node, _FUNCTIONS):
            functions.append(node)
        elif node.__class__ is ast.Attribute and node.attr == "backward":
            backward_lines.append(node.lineno)
    for function in functions:
        if any(function.lineno <= line <= function.end_lineno for line in backward_lines):
            yield from _in_function(function, resolve)


def _in_function(function: ast.AST, resolve) -> Iterator[ast.Call]:
    nodes = list(own_nodes(function))
    backed = {node.func.value.id for node in nodes if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr == "backward" and isinstance(node.func.value, ast.Name)}
    if not backed:
        return
    bound: dict[str, int] = {}
    for statement in own_statements(function):
        if isinstance(statement, ast.Assign):
            for target in statement.targets:
                for node in ast.walk(target):
                    if isinstance(node, ast.Name):
                        bound[node.id] = bound.get(node.id, 0) + 1
        elif isinstance(statement, (ast.AugAssign, ast.AnnAssign, ast.For, ast.AsyncFor)):
            for node in ast.walk(statement.target):
                if isinstance(node, ast.Name):
                    bound[node.id] = bound.get(node.id, 0) + 2
    arguments = function.args
    parameters = {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)}
    names = {name for name in backed if bound.get(name) == 1 and name not in parameters}
    if not names:
        return
    quiet = {id(inner) for node in nodes if isinstance(node, (ast.With, ast.AsyncWith)) and any(
        isinstance(item.context_expr, ast.Call) and resolve(item.context_expr.func) in _NO_GRAD for item in node.items)
        for statement in node.body for inner in ast.walk(statement)}
    for node in nodes:
        if isinstance(node, ast.Call) and len(node.args) == 1 and not node.keywords and id(node) not in quiet \
                and isinstance(node.args[0], ast.Name) and node.args[0].id in names and _converts(node.func, resolve):
            yield node


def _converts(func: ast.expr, resolve) -> bool:
    """``float`` (the builtin) or a function of the ``math`` module."""
    if isinstance(func, ast.Name):
        return func.id == "float" and resolve(func) is None
    return isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "math"


def _names_before(text: str, marker: str) -> set[str]:
    """The identifiers right before each ``marker`` (``loss`` of ``loss.backward(``). str.find, not a regex that starts
    with a character class: those are tried at every position of the file."""
    found, start = set(), text.find(marker)
    while start >= 0:
        end = start
        while start > 0 and (text[start - 1].isalnum() or text[start - 1] == "_"):
            start -= 1
        if start < end:
            found.add(text[start:end])
        start = text.find(marker, end + len(marker))
    return found


def _names_after(text: str, marker: str) -> set[str]:
    """The identifiers passed right after ``marker`` (``loss`` of ``float(loss)``, of ``math.exp(loss)``)."""
    found, start = set(), text.find(marker)
    while start >= 0:
        opening = text.find("(", start + len(marker) - 1, start + len(marker) + 24)
        if opening >= 0 and (match := _WORD.match(text, opening + 1)) is not None:
            found.add(match.group())
        start = text.find(marker, start + len(marker))
    return found
