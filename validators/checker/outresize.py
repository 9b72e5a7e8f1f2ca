"""``out=`` tensors that provably hold elements in another shape: torch resizes them with a deprecation warning.

Three old idioms, nothing else (an ``out=`` made empty, ``x.new()`` or ``torch.empty(0)``, is resized quietly):

- the pre-1.0 ``default_collate`` copied into vendored loaders: ``storage = elem.storage()._new_shared(numel)``,
  ``out = elem.new(storage)`` (a 1-D tensor of every element), then ``torch.stack(batch, 0, out=out)``, whose
  result has one more dimension than each element. torch's later collate ``resize_``s ``out`` to the stacked shape
  first; a function that resizes or rebinds the name is left alone.
- a buffer kept on the function object across calls (fairseq's ``make_positions.range_buf``), refilled through
  ``out=`` under a test of its size (``if buf.numel() < n:``): it is written only when its size is wrong, and
  after the first call it holds the previous call's elements.
- the NMS loop vendored from ssd.pytorch: ``torch.index_select(x1, 0, idx, out=xx1)`` in a loop that rebinds ``xx1``
  (``xx1 = torch.clamp(xx1, min=x1[i])``) and the index (``idx = idx[:-1]``): from the second pass on, ``xx1`` holds
  the previous selection, longer than the new one.
"""

from __future__ import annotations

import ast
import re
from typing import Callable, Iterator

from .imports import own_nodes, subnodes, walk_nodes


# ``out =`` (not ``==``): a keyword where "(" or "," comes before it, not an ``out = ...`` assignment (_passes_out)
_LOOPS = frozenset({ast.For, ast.AsyncFor, ast.While})
_OUT_EQUALS = re.compile(r"out\s*=(?!=)")


def resized_outputs(tree: ast.AST, resolve: Callable[[ast.AST], str | None],
                    text: str | None = None) -> Iterator[tuple[ast.Call, str]]:
    """(call, the torch API it resolves to) for each call writing into such an ``out=``; ``text``, the file's source
    when known, rules out files that pass no ``out=`` at all (the collate idiom also needs ``_new_shared``)."""
    if text is not None and not _passes_out(text):
        return
    stacks = text is None or "_new_shared" in text
    selects = text is None or "index_select" in text
    functions, buffer_owners, select_lines = [], set(), []
    for node in subnodes(tree):  # (not ast.walk: no leaf is wanted, and the findings' order is not this walk's)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            functions.append(node)
        elif isinstance(node, ast.Call):
            buffer_owners.update(out.value.id for keyword in node.keywords if keyword.arg == "out"
                                 and isinstance(out := keyword.value, ast.Attribute) and isinstance(out.value, ast.Name))
            if selects and any(keyword.arg == "out" for keyword in node.keywords) and \
                    getattr(node.func, "attr", getattr(node.func, "id", None)) == "index_select":
                select_lines.append(node.lineno)
    for function in functions:
        if stacks:
            yield from _flat_stacks(function, resolve)
        # a kept buffer is an attribute of its own function (``make_positions.range_buf``): only a function whose name
        # some ``out=`` spells that way is walked for one
        if function.name in buffer_owners:
            yield from _kept_buffers(function, resolve)
        if select_lines and any(function.lineno <= line <= function.end_lineno for line in select_lines):
            yield from _shrinking_selects(function, resolve)


def _passes_out(text: str) -> bool:
    """Whether the text passes an ``out=`` keyword: the test that lets a file without one skip the walks below, which
    read every function (nested ones again) several times. The search starts at the literal ``out`` (a pattern that
    starts with a class of characters, ``[(,]\\s*out``, is tried at every position: ten times the CPU)."""
    for match in _OUT_EQUALS.finditer(text):
        before = match.start() - 1
        while before >= 0 and text[before].isspace():  # the blanks \s matches
            before -= 1
        if before >= 0 and text[before] in "(,":
            return True
    return False


def _flat_stacks(function: ast.AST, resolve) -> Iterator[tuple[ast.Call, str]]:
    assignments = list(_assignments(function))
    shared = {name for name, value in assignments if _is_shared_storage(value)}
    flat = {name for name, value in assignments
            if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr == "new"
            and len(value.args) == 1 and not value.keywords
            and ((isinstance(value.args[0], ast.Name) and value.args[0].id in shared)
                 or _is_shared_storage(value.args[0]))}
    flat -= {name for name, value in assignments if name in flat and not (  # `out = None` first is fine
        isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr == "new")
        and not (isinstance(value, ast.Constant) and value.value is None)}
    flat -= {node.func.value.id for node in walk_nodes(function) if isinstance(node, ast.Call)
             and isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name)
             and node.func.attr in ("resize_", "resize_as_", "set_")}
    for call, out in _out_calls(function):
        if isinstance(out, ast.Name) and out.id in flat and resolve(call.func) == "torch.stack":
            yield call, "torch.stack"


def _kept_buffers(function: ast.FunctionDef | ast.AsyncFunctionDef, resolve) -> Iterator[tuple[ast.Call, str]]:
    for test in walk_nodes(function):
        if not isinstance(test, ast.If) or not _tests_size(test.test):
            continue
        for statement in test.body:
            for call, out in _out_calls(statement):
                if (isinstance(out, ast.Attribute) and isinstance(out.value, ast.Name) and out.value.id == function.name
                        and ast.dump(out) in _sized(test.test) and (api := resolve(call.func)) is not None
                        and api.startswith("torch.")):
                    yield call, api


def _shrinking_selects(function: ast.AST, resolve) -> Iterator[tuple[ast.Call, str]]:
    """``torch.index_select(src, dim, idx, out=xx1)`` in a loop of ``function``'s own body whose statements rebind both
    ``xx1`` and ``idx``: each pass selects a different number of rows into what the last pass left in ``xx1``."""
    for loop in own_nodes(function):
        if loop.__class__ not in _LOOPS:
            continue
        rebound = {name for name, _ in _assignments(loop)}
        for call, out in _out_calls(loop):
            index = call.args[2] if len(call.args) > 2 else next(
                (keyword.value for keyword in call.keywords if keyword.arg == "index"), None)
            if (isinstance(out, ast.Name) and out.id in rebound and isinstance(index, ast.Name) and index.id in rebound
                    and resolve(call.func) == "torch.index_select"):
                yield call, "torch.index_select"


def _assignments(function: ast.AST) -> Iterator[tuple[str, ast.expr]]:
    for node in walk_nodes(function):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    yield target.id, node.value


def _is_shared_storage(node: ast.expr) -> bool:
    """``x.storage()._new_shared(n)``."""
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "_new_shared"


def _out_calls(node: ast.AST) -> Iterator[tuple[ast.Call, ast.expr]]:
    for call in walk_nodes(node):
        if isinstance(call, ast.Call):
            for keyword in call.keywords:
                if keyword.arg == "out":
                    yield call, keyword.value


def _sized(test: ast.expr) -> set[str]:
    """The receivers whose ``.numel()`` or ``.size(...)`` the test compares (as ``ast.dump`` strings)."""
    return {ast.dump(node.func.value) for node in walk_nodes(test) if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute) and node.func.attr in ("numel", "size")}


def _tests_size(test: ast.expr) -> bool:
    return isinstance(test, ast.Compare) and bool(_sized(test))
