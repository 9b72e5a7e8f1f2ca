"""The rewrites ``--fix`` makes (see fixes.py for when a use is rewritten), as edits on UTF-8 byte offsets:
``(start, end, new text)``. ``check`` turns them into :class:`Edit` positions for JSON and SARIF."""

from __future__ import annotations

import ast
import bisect

from .finding import Edit
from .imports import dotted_name


def line_starts(raw: bytes) -> list[int]:
    """The byte offset where each line starts (index 0: line 1), and the end of the text last."""
    starts = [0]
    for line in raw.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    return starts


def as_edit(start: int, end: int, text: str, raw: bytes, starts: list[int]) -> Edit:
    """Byte offsets -> 1-based line and character column."""
    def position(offset: int) -> tuple[int, int]:
        line = max(bisect.bisect_right(starts, offset) - 1, 0)  # 0-based
        column = len(raw[starts[line]:offset].decode("utf-8", errors="ignore"))
        return line + 1, column + 1

    (line, column), (end_line, end_column) = position(start), position(end)
    return Edit(line, column, end_line, end_column, text)


def rewrite_edits(node: ast.AST, rule, collector, starts: list[int], code: str) -> list[tuple[int, int, str]] | None:
    dotted = dotted_name(node)
    if dotted is None:
        return None
    head = dotted.partition(".")[0]
    module = collector.imports.aliases.get(head)
    if module is None or not (rule.rewrite == module or rule.rewrite.startswith(module + ".")):
        return None
    new_name = head + rule.rewrite[len(module):]
    start = starts[node.lineno - 1] + node.col_offset
    end = starts[node.end_lineno - 1] + node.end_col_offset
    call = collector.calls.get(id(node))
    if call is None:
        if id(node) in collector.decorators and rule.insert:
            return [(start, end, f"{new_name}({rule.insert})")]
        return None if rule.insert else [(start, end, new_name)]
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return None
    if any(k.arg in rule.unless for k in call.keywords):
        return None
    limit = 0 if rule.insert else rule.max_args
    if limit is not None and len(call.args) > limit:
        return None
    edits = [(start, end, new_name)]
    if rule.insert:
        raw = code.encode("utf-8")
        paren = raw.index(b"(", end)  # the call's own parenthesis follows the callee
        separator = ", " if call.args or call.keywords else ""
        edits.append((paren + 1, paren + 1, rule.insert + separator))
    return edits


def apply_edits(raw: bytes, edits: list[tuple[int, int, str]]) -> bytes:
    done_until = len(raw) + 1
    for start, end, text in sorted(edits, reverse=True):
        if end > done_until:
            continue  # overlaps an edit already made
        raw = raw[:start] + text.encode("utf-8") + raw[end:]
        done_until = start
    return raw
