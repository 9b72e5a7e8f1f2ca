"""Collections of profiler rows: what a loop, a comprehension or a ``sorted(..., key=lambda e: ...)`` over them
yields. ``prof.key_averages()`` holds ``FunctionEventAvg`` rows (no ``cuda_time_total`` since 2.4),
``prof.function_events`` ``FunctionEvent`` items; ``sorted``/``list``/``EventList`` of them and slices keep the
rows, and so do names bound to them and the parameters of the file's functions that are handed them
(``save_profile_data(csv, events, use_cuda)`` after ``events = EventList(sorted(p.key_averages(), ...))``).
The whole-file pass runs only in files whose text names ``key_averages`` or ``function_events``."""

from __future__ import annotations

import ast
from typing import Callable

from .imports import code_scopes, dotted_name, own_nodes

ROWS = "torch.autograd.profiler_util."
_KEEPING = frozenset({"sorted", "list", "tuple", "reversed", "EventList"})  # a call that keeps the rows
KEYED = frozenset({"sorted", "min", "max"})  # builtins whose key= function gets one row


def mentions_rows(text: str | None) -> bool:
    return text is not None and ("key_averages" in text or "function_events" in text)


def rows_of(node: ast.expr, named: Callable[[str], str | None]) -> str | None:
    """The profiler class of ``node``'s elements when it is a collection of profiler rows; ``named`` answers for
    a plain name."""
    while True:
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "key_averages":
            return ROWS + "FunctionEventAvg"
        if isinstance(node, ast.Attribute) and node.attr == "function_events":
            return ROWS + "FunctionEvent"
        if isinstance(node, ast.Call) and node.args and (callee := dotted_name(node.func)) is not None and \
                callee.rsplit(".", 1)[-1] in _KEEPING:
            node = node.args[0]
        elif isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Slice):
            node = node.value
        elif isinstance(node, ast.Name):
            return named(node.id)
        else:
            return None


def row_parameters(tree: ast.AST) -> dict[str, dict[str, str]]:
    """Module-level function of the file -> {parameter: row class} for the parameters some call in the file hands a
    collection of rows (the rows directly, or a name its function bound to them)."""
    functions = {node.name: node for node in getattr(tree, "body", ()) if isinstance(node, ast.FunctionDef)}
    if not functions:
        return {}
    found: dict[str, dict[str, str]] = {}
    for scope in code_scopes(tree):
        bound: dict[str, str] = {}
        for node in own_nodes(scope):
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                rows = rows_of(node.value, bound.get)
                if rows is not None:
                    bound[node.targets[0].id] = rows
                else:
                    bound.pop(node.targets[0].id, None)
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in functions:
                callee = functions[node.func.id]
                names = [a.arg for a in (*callee.args.posonlyargs, *callee.args.args)]
                passed = [*zip(names, node.args), *((kw.arg, kw.value) for kw in node.keywords if kw.arg)]
                for name, value in passed:
                    if not isinstance(value, ast.Starred) and (rows := rows_of(value, bound.get)) is not None:
                        found.setdefault(callee.name, {})[name] = rows
    return found
