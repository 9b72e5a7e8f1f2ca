"""Blocks a literal test rules out: ``if False:`` (or ``0``, ``None``), ``while False:``, and the ``else`` of ``if
True:``; also ``if args.tensorboard and 0:``, an ``and`` with a false literal among its operands, the way code is
switched off by hand. Nothing in them runs on any build, so no finding sits there: a use that cannot run is not a use.
"""

from __future__ import annotations

import ast
import re

from .imports import walk_tree

_LITERAL_TEST = re.compile(r"\b(?:if|elif|while)\s+\(?\s*(?:False|True|None|0|1)\s*\)?\s*:|\band\s+(?:False|None|0)\s*\)?\s*:")


def dead_ranges(tree: ast.AST, text: str | None) -> tuple[tuple[int, int], ...]:
    """(first line, last line) of each block a literal test rules out."""
    if text is not None and _LITERAL_TEST.search(text) is None:
        return ()
    found = []
    for node in walk_tree(tree):
        if not isinstance(node, (ast.If, ast.While)):
            continue
        if isinstance(node.test, ast.BoolOp) and isinstance(node.test.op, ast.And) and any(
                isinstance(operand, ast.Constant) and operand.value in (False, None, 0) and
                not isinstance(operand.value, str) for operand in node.test.values):
            if node.body:  # `flag and 0` is false whatever the flag: only its body is ruled out
                found.append((node.body[0].lineno, node.body[-1].end_lineno or node.body[-1].lineno))
            continue
        if not isinstance(node.test, ast.Constant):
            continue
        value = node.test.value
        if value is not None and not isinstance(value, (bool, int)):
            continue
        dead = node.orelse if value else node.body
        if dead:
            found.append((dead[0].lineno, dead[-1].end_lineno or dead[-1].lineno))
    return tuple(found)
