"""Module-level functions kept only for a release the target is not: the old side of a version selection, or a
function called only behind a gate that answers True on old releases alone.

``if version >= "1.7": fft2 = fft2_new else: fft2 = fft2_old`` picks one implementation per torch release; on the
target the other side never runs, and neither does the function it alone names (``fft2_old`` with its removed
``torch.fft`` call). A function counts when a module-level ``if`` whose outcome on the target is known binds, in the
branch that does not run there, a name to it (``name = function``) that the branch that runs binds too, and nothing
else in the file reads it nor lists it in ``__all__``. Another module importing it by name is not seen: such
``_old`` helpers are the module's own.

StyleGAN2's ``conv2d_gradfix.py`` (copied into many GAN trees) builds its custom ops only ``if could_use_op(input):``,
and ``could_use_op`` returns True only under ``if any(torch.__version__.startswith(x) for x in ["1.7.", "1.8."]):``
(every other return gives False or nothing): on the target the gate says False, so a module-level function the file
calls only in the body of such an ``if`` (``conv2d_gradfix(...)``, with its ``_jit_get_operation``) never runs there.
"""

from __future__ import annotations

import ast
import re
from typing import Callable

from .imports import walk_nodes, walk_tree


def dead_selected_functions(tree: ast.Module, runs_on_target: Callable[[ast.expr], bool | None]) -> frozenset[str]:
    """Names of the module's functions that only the branch of a version selection the target skips reads."""
    functions = {node.name for node in tree.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}
    candidates: dict[str, list[ast.stmt]] = {}  # function -> the branch that names it and does not run
    for statement in tree.body:
        if not isinstance(statement, ast.If) or not statement.orelse:
            continue
        sides = (_selections(statement.body), _selections(statement.orelse))
        if not any(value in functions for side in sides for value in side.values()):
            continue  # most ifs select nothing: their test is never read
        runs = runs_on_target(statement.test)
        if runs is None:
            continue
        live, dead = (sides[0], sides[1]) if runs else (sides[1], sides[0])
        for target, value in dead.items():
            if value in functions and target in live and live[target] != value:
                candidates[value] = statement.orelse if runs else statement.body
    if not candidates:
        return frozenset()
    dead_reads = {id(node) for block in candidates.values() for inner in block for node in walk_nodes(inner)}
    read_elsewhere = {node.id for node in walk_tree(tree) if isinstance(node, ast.Name) and node.id in candidates
                      and id(node) not in dead_reads}
    listed = _listed_names(tree)
    return frozenset(name for name in candidates if name not in read_elsewhere and name not in listed)


def _listed_names(tree: ast.Module) -> set[str]:
    """The names the module's ``__all__`` lists: exported, so another module may call them."""
    return {element.value for node in tree.body if isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets)
            for element in walk_nodes(node.value) if isinstance(element, ast.Constant)}


def _selections(block: list[ast.stmt]) -> dict[str, str]:
    """``target = name`` statements of a branch: target -> the name it is bound to."""
    return {statement.targets[0].id: statement.value.id for statement in block
            if isinstance(statement, ast.Assign) and len(statement.targets) == 1
            and isinstance(statement.targets[0], ast.Name) and isinstance(statement.value, ast.Name)}


_TESTED_CALL = re.compile(r"\bif[ \t]+(?:not[ \t]+)?(\w+)\(")
_MODULE_FUNCTION = re.compile(r"^(?:async[ \t]+)?def[ \t]+(\w+)", re.MULTILINE)


def gated_functions(tree: ast.Module, runs_on_target: Callable[[ast.expr], bool | None],
                    text: str | None = None) -> frozenset[str]:
    """Names of the module's functions read only in the body of ``if gate(...)`` (module docstring), gate a
    module-level function of the file that is true only on releases other than the target."""
    if text is not None and ("version" not in text or not (
            set(_TESTED_CALL.findall(text)) & set(_MODULE_FUNCTION.findall(text)))):
        return frozenset()  # no module-level function called in an if-test, or no version test: read off the text
    functions = {node.name: node for node in tree.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}
    tested = {value.func.id for node in walk_tree(tree) if isinstance(node, ast.If)
              for value in (node.test.values if isinstance(node.test, ast.BoolOp) else [node.test])
              if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in functions}
    gates = {name for name in tested if _true_only_off_target(functions[name].body, runs_on_target)}
    if not gates:
        return frozenset()
    gated_reads: set[int] = set()
    for node in walk_tree(tree):
        if isinstance(node, ast.If) and _calls_gate(node.test, gates):
            gated_reads.update(id(inner) for statement in node.body for inner in walk_nodes(statement))
    if not gated_reads:
        return frozenset()
    reads: dict[str, list[tuple[int, bool]]] = {}  # name -> (id of each read, whether a gated body holds it)
    for node in walk_tree(tree):
        if isinstance(node, ast.Name) and node.id in functions and isinstance(node.ctx, ast.Load):
            reads.setdefault(node.id, []).append((id(node), id(node) in gated_reads))
    calls: dict[str, list[bool]] = {}
    for name, seen in reads.items():
        own = {id(inner) for inner in walk_nodes(functions[name])}  # a function's reads of itself do not call it
        calls[name] = [gated for read, gated in seen if read not in own]
    listed = _listed_names(tree)
    return frozenset(name for name, seen in calls.items()
                     if seen and all(seen) and name not in gates and name not in listed)


def _calls_gate(test: ast.expr, gates: set[str]) -> bool:
    """``gate(x)``, or ``gate(x) and ...``: the body runs only when the gate says True."""
    values = test.values if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) else [test]
    return any(isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in gates
               for value in values)


def _true_only_off_target(body: list[ast.stmt], runs_on_target) -> bool:
    """Every ``return`` of ``body`` (not of nested functions) gives False or nothing, except under an ``if`` whose
    version test is false on the target; and at least one such gated return gives something else."""
    gated: list[bool] = []
    return _returns_off_target(body, runs_on_target, False, gated) and any(gated)


def _returns_off_target(statements: list[ast.stmt], runs_on_target, dead: bool, gated: list[bool]) -> bool:
    """_true_only_off_target over ``statements`` (``dead``: under a test false on the target); ``gated`` collects,
    per return seen, whether it gives something truthy. (A module-level function: a nested recursive one would be a
    reference cycle holding the walker's bound method.)"""
    for statement in statements:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        if isinstance(statement, ast.Return):
            falsy = statement.value is None or (
                isinstance(statement.value, ast.Constant) and statement.value.value in (False, None))
            if not falsy and not dead:
                return False
            gated.append(not falsy)
        elif isinstance(statement, ast.If):
            runs = runs_on_target(statement.test)
            if not (_returns_off_target(statement.body, runs_on_target, dead or runs is False, gated)
                    and _returns_off_target(statement.orelse, runs_on_target, dead or runs is True, gated)):
                return False
        else:
            blocks = [getattr(statement, name, None) or [] for name in ("body", "orelse", "finalbody")]
            blocks += [handler.body for handler in getattr(statement, "handlers", ())]
            if not all(_returns_off_target(block, runs_on_target, dead, gated) for block in blocks):
                return False
    return True
