"""Blocks a literal test rules out: ``if False:`` (or ``0``, ``None``), ``while False:``, and the ``else`` of ``if
True:``. Nothing in them runs on any build, so no finding sits there: a use that cannot run is not a use.
"""

from __future__ import annotations

import ast
import re

from .imports import walk_tree

_LITERAL_TEST = re.compile(r"\b(?:if|elif|while)\s+\(?\s*(?:False|True|None|0|1)\s*\)?\s*:")


def dead_ranges(tree: ast.AST, text: str | None) -> tuple[tuple[int, int], ...]:
    """(first line, last line) of each block a literal test rules out."""
    if text is not None and _LITERAL_TEST.search(text) is None:
        return ()
    found = []
    for node in walk_tree(tree):
        if not isinstance(node, (ast.If, ast.While)) or not isinstance(node.test, ast.Constant):
            continue
        value = node.test.value
        if value is not None and not isinstance(value, (bool, int)):
            continue
        dead = node.orelse if value else node.body
        if dead:
            found.append((dead[0].lineno, dead[-1].end_lineno or dead[-1].lineno))
    return tuple(found)
