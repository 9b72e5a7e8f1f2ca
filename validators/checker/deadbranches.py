"""Blocks a literal test rules out: ``if False:`` (or ``0``, ``None``), ``while False:``, and the ``else`` of ``if
True:``; also ``if args.tensorboard and 0:``, an ``and`` with a false literal among its operands, the way code is
switched off by hand. Nothing in them runs on any build, so no finding sits there: a use that cannot run is not a use.
"""

from __future__ import annotations

import ast
import re

from .imports import dotted_name, walk_tree

_EXIT_CALL = re.compile(r"\b(?:exit|quit|_exit)\(")
_EXITS = frozenset({"exit", "quit", "sys.exit", "os._exit"})
_LITERAL_TEST = re.compile(r"\b(?:if|elif|while)\s+\(?\s*(?:False|True|None|0|1)\s*\)?\s*:|\band\s+(?:False|None|0)\s*\)?\s*:")


def dead_ranges(tree: ast.AST, text: str | None) -> tuple[tuple[int, int], ...]:
    """(first line, last line) of each block a literal test rules out, and of the statements after an unconditional
    ``exit()`` in the same block (after_exits)."""
    exits = after_exits(tree) if text is None or _EXIT_CALL.search(text) is not None else ()
    if text is not None and _LITERAL_TEST.search(text) is None:
        return exits
    found = list(exits)
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


def after_exits(tree: ast.AST) -> tuple[tuple[int, int], ...]:
    """The statements after a bare ``exit(0)`` / ``sys.exit()`` / ``quit()`` in the same block (a debugging stop left in
    a ``__main__`` block): no run reaches them."""
    found = []
    for node in walk_tree(tree):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if not isinstance(block, list):
                continue
            for index, statement in enumerate(block[:-1]):
                if isinstance(statement, ast.Expr) and isinstance(call := statement.value, ast.Call) and \
                        (dotted_name(call.func) or "") in _EXITS:
                    following = block[index + 1:]
                    found.append((following[0].lineno, following[-1].end_lineno or following[-1].lineno))
                    break
    return tuple(found)
