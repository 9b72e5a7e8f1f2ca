"""Torch functions handled as objects, never called where they are written.

Three shapes read a deprecated function without calling it, so the line does not warn:

- a wrap-and-restore monkeypatch: ``F.upsample = wrap(F.upsample, hook)`` and later
  ``F.upsample = saved[F.upsample.__str__]`` or ``F.upsample = F.upsample.op``. The assignment writes the attribute
  (no use), and the value reads the same function only to pass it on, to look it up (``MAPPING[F.upsample]``) or
  to read one of its attributes. Whoever calls ``F.upsample`` afterwards warns at their own call.
- a key of a dict display: ``{F.upsample: count_interpolate}``, a table of hooks by function (ptflops, DeepSpeed's
  flops profiler).
- a default replaced on the next statement of the same block: ``weight_norm = nn.utils.weight_norm`` then
  ``if hasattr(nn.utils.parametrizations, "weight_norm"): weight_norm = nn.utils.parametrizations.weight_norm``,
  where the test is known to be true on the target (``runs``). The default is never the one used there.
"""

from __future__ import annotations

import ast
from typing import Callable

from .imports import dotted_name, subnodes, walk_nodes


def wrapped_references(assign: ast.Assign) -> tuple[set[int], set[int]]:
    """``(targets, references)``: id()s of the attribute targets of a wrap/restore assignment and of the reads of
    the same function inside its value that do not call it (an argument of a call, the owner of a dunder)."""
    if len(assign.targets) != 1 or not isinstance(assign.targets[0], ast.Attribute):
        return set(), set()
    name = dotted_name(assign.targets[0])
    if name is None or "." not in name:
        return set(), set()
    references: set[int] = set()
    for node in subnodes(assign.value):
        if isinstance(node, ast.Call):
            references.update(id(arg) for arg in node.args if dotted_name(arg) == name)
        elif isinstance(node, ast.Subscript) and dotted_name(node.slice) == name:
            references.add(id(node.slice))  # wrap(F.upsample, FUNCTIONAL_MAPPING[F.upsample], collector)
        elif isinstance(node, ast.Attribute) and dotted_name(node.value) == name:
            references.update((id(node), id(node.value)))  # F.upsample.__str__, F.upsample.op: the name rule may see either
    if not references:
        return set(), set()
    return {id(assign.targets[0])}, references


def dict_key_references(node: ast.Dict) -> set[int]:
    """id() of the keys of a dict display that name a function without calling it (``{F.upsample: hook}``)."""
    return {id(key) for key in node.keys if isinstance(key, ast.Attribute) and dotted_name(key) is not None}


def replaced_in_block(tree: ast.AST, runs: Callable[[ast.expr], bool | None]) -> set[int]:
    """id() of the values of ``NAME = <reference>`` that the next statement, an ``if`` whose taken branch (known
    on the target) rebinds NAME before anything else, replaces."""
    replaced: set[int] = set()
    for block in _blocks(tree):
        for statement, following in zip(block, block[1:]):
            if not (isinstance(statement, ast.Assign) and len(statement.targets) == 1
                    and isinstance(statement.targets[0], ast.Name)
                    and isinstance(statement.value, (ast.Attribute, ast.Name))
                    and isinstance(following, ast.If) and _assigns_first(following, statement.targets[0].id)):
                continue
            taken = runs(following.test)
            branch = following.body if taken else following.orelse if taken is False else None
            if branch and _rebinds_first(branch, statement.targets[0].id):
                replaced.add(id(statement.value))
    return replaced


_NESTING = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.If, ast.For, ast.AsyncFor, ast.While,
            ast.With, ast.AsyncWith, ast.Try)


def _blocks(tree: ast.AST):
    """Every statement list, walking statements only (expressions hold none): one pass over the statements."""
    stack = [getattr(tree, "body", [])]
    while stack:
        block = stack.pop()
        if len(block) > 1:
            yield block
        for statement in block:
            if isinstance(statement, _NESTING):
                for field in ("body", "orelse", "finalbody"):
                    inner = getattr(statement, field, None)
                    if inner:
                        stack.append(inner)
                for handler in getattr(statement, "handlers", ()):
                    stack.append(handler.body)


def _assigns_first(node: ast.If, name: str) -> bool:
    """A cheap test before asking ``runs``: either branch starts by binding ``name``."""
    return _rebinds_first(node.body, name) or _rebinds_first(node.orelse, name)


def _rebinds_first(block: list[ast.stmt], name: str) -> bool:
    first = block[0] if block else None
    return (isinstance(first, ast.Assign) and len(first.targets) == 1 and isinstance(first.targets[0], ast.Name)
            and first.targets[0].id == name
            and not any(isinstance(n, ast.Name) and n.id == name for n in walk_nodes(first.value)))
