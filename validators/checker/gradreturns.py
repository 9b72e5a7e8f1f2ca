"""Functions of a file that return a tensor requiring grad, and the names their callers bind to it.

``def train_epoch(...)``: ``total_loss += avg_loss; avg_loss.backward()`` in the loop, then ``return total_loss /
counter, f1``; the caller's ``train_loss, train_f1 = train_epoch(...)`` holds the running total of a backpropagated
loss, and ``"%.3f" % train_loss`` converts a tensor that requires grad (UserWarning "Converting a tensor with
requires_grad=True to a scalar", run on 2.15). gradscalars.py reads each function's own values; this joins a
module-level function's returns to the names its callers in the file unpack from it.
"""

from __future__ import annotations

import ast
from typing import Callable

from .imports import own_nodes

GradCalls = dict[str, frozenset]  # function name -> positions of the returned tuple that require grad (None: whole)


def grad_returning_functions(tree: ast.AST, functions: list[ast.AST], backward_lines: list[int],
                             live_of: Callable[[ast.AST], tuple | None]) -> GradCalls:
    """The module-level functions of ``tree`` that call backward() and return a value requiring grad, and the
    functions nested in another function under a name no other function of the file has (``def train_step`` inside
    ``train_and_evaluate``, called there by that name); ``live_of`` reads a function as gradscalars does (its nodes,
    no_grad nodes, and a test of a name at a line)."""
    top = {id(node) for node in getattr(tree, "body", ())}
    backing = [function for function in functions
               if any(function.lineno <= line <= function.end_lineno for line in backward_lines)]
    if any(id(function) not in top for function in backing):
        top |= _nested_once(functions)
    found: GradCalls = {}
    for function in backing:
        if id(function) not in top:
            continue
        returns = [node for node in own_nodes(function) if isinstance(node, ast.Return) and node.value is not None]
        if not returns or (reading := live_of(function)) is None:
            continue
        nodes, quiet, live, _ = reading
        requires = _Requiring(function, nodes, live)
        positions = set()
        for node in returns:
            if id(node) in quiet:
                continue
            if requires(node.value, node.lineno):
                positions.add(None)
            elif isinstance(node.value, ast.Tuple):
                positions.update(index for index, item in enumerate(node.value.elts) if requires(item, node.lineno))
        if positions:
            found[function.name] = frozenset(positions)
    return found


def _nested_once(functions: list[ast.AST]) -> set[int]:
    """The functions defined in another function's own body whose name no other function of the file has: a plain
    call of that name in the outer function can only mean them."""
    names = [function.name for function in functions]
    return {id(node) for function in functions for node in own_nodes(function)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node is not function
            and names.count(node.name) == 1}


class _Requiring:
    """Whether a returned value requires grad: a name gradscalars knows to, arithmetic of such values, a name whose
    last binding above is such arithmetic (``avg_loss = total_loss / counter``), or a running total of a name given
    backward() (``total_loss = 0`` ... ``total_loss += avg_loss; avg_loss.backward()``)."""

    def __init__(self, function: ast.AST, nodes: list[ast.AST], live: Callable[[str, int], bool]) -> None:
        self.live = live
        backed = {node.func.value.id for node in nodes if isinstance(node, ast.Call)
                  and isinstance(node.func, ast.Attribute) and node.func.attr == "backward"
                  and isinstance(node.func.value, ast.Name)}
        self.bindings: dict[str, list[tuple[int, ast.expr]]] = {}
        added: dict[str, set[str]] = {}
        other: set[str] = set()
        for node in nodes:
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                self.bindings.setdefault(node.targets[0].id, []).append((node.lineno, node.value))
            elif isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name):
                if isinstance(node.op, ast.Add) and isinstance(node.value, ast.Name):
                    added.setdefault(node.target.id, set()).add(node.value.id)
                else:
                    other.add(node.target.id)
        self.totals = {name for name, terms in added.items() if terms & backed and name not in other and all(
            isinstance(value, ast.Constant) and type(value.value) in (int, float)
            for _, value in self.bindings.get(name, ()))}

    def __call__(self, value: ast.expr, line: int, depth: int = 0) -> bool:
        if depth > 3:
            return False
        if isinstance(value, ast.BinOp) and isinstance(value.op, (ast.Add, ast.Sub, ast.Mult, ast.Div)):
            return self(value.left, line, depth + 1) or self(value.right, line, depth + 1)
        if not isinstance(value, ast.Name):
            return False
        if self.live(value.id, line) or value.id in self.totals:
            return True
        above = [bound for at, bound in self.bindings.get(value.id, ()) if at < line]
        return bool(above) and isinstance(above[-1], ast.BinOp) and self(above[-1], line, depth + 1)


def calls_any(scope: ast.AST, grad_calls: GradCalls) -> bool:
    """``scope`` calls one of the functions by its plain name."""
    return any(isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in grad_calls
               for node in own_nodes(scope))


def returned_grad_names(statements: list[ast.stmt], grad_calls: GradCalls, quiet: set[int]) -> dict[str, int]:
    """Names bound (outside no_grad) to what such a function returns at a position that requires grad -> the line."""
    found = {}
    for statement in statements:
        if not (isinstance(statement, ast.Assign) and len(statement.targets) == 1 and id(statement) not in quiet
                and isinstance(call := statement.value, ast.Call) and isinstance(call.func, ast.Name)
                and (positions := grad_calls.get(call.func.id))):
            continue
        target = statement.targets[0]
        if isinstance(target, ast.Name) and None in positions:
            found[target.id] = statement.lineno
        elif isinstance(target, ast.Tuple):
            found.update((item.id, statement.lineno) for index, item in enumerate(target.elts)
                         if index in positions and isinstance(item, ast.Name))
    return found
