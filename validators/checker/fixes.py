"""``--fix``: the rewrites that are mechanical and safe, and nothing else.

A rule with ``rewrite`` renames the callee (``torch.qr`` -> ``torch.linalg.qr``), and with
``insert`` adds a first argument (``torch.cuda.amp.autocast()`` -> ``torch.amp.autocast("cuda")``).
A use is rewritten only when the result means the same:

- the name is written through a module alias the new name also lives under (``torch.`` or
  ``dist.``); a ``from torch.cuda.amp import autocast`` would need its import changed, so no;
- it is a call (or, with ``insert``, a bare decorator ``@torch.cuda.amp.custom_fwd``), passes
  none of the rule's ``unless`` keywords, no ``*args``/``**kwargs``, and no positional argument
  that ``insert`` would shift (``max_args`` caps them otherwise).

Edits are made on the UTF-8 bytes the AST positions count, from the end of the file backwards.
"""

from __future__ import annotations

import ast
import difflib
from dataclasses import dataclass, field

from .check import collect
from .finding import Finding
from .imports import dotted_name
from .ruleset import RuleSet, default_rules
from .selection import Selection


@dataclass
class FixResult:
    code: str  # the fixed source (the input when nothing was fixable)
    fixed: list[Finding] = field(default_factory=list)

    def diff(self, original: str, filename: str) -> str:
        return "".join(difflib.unified_diff(original.splitlines(keepends=True), self.code.splitlines(keepends=True),
                                            f"a/{filename}", f"b/{filename}"))


def fix_source(code: str, torch_version: str | None = None, filename: str = "<code>", *,
               rules: RuleSet | None = None, selection: Selection | None = None) -> FixResult:
    rules = rules if rules is not None else default_rules()
    code = code.removeprefix("\ufeff")
    findings, collector = collect(code, torch_version, filename, rules=rules, selection=selection)
    if collector is None or not collector.fixable:
        return FixResult(code)
    by_id = {rule.id: rule for rule in rules.rules}
    kept = {(f.line, f.rule): f for f in findings}
    lines = code.encode("utf-8").splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))
    edits, fixed = [], []
    for (line, _, rule_id), node in sorted(collector.fixable.items()):
        finding = kept.get((line, rule_id))
        edit = _edits(node, by_id[rule_id], collector, starts, code) if finding else None
        if edit:
            edits.extend(edit)
            fixed.append(finding)
    return FixResult(_apply(code.encode("utf-8"), edits).decode("utf-8"), fixed)


def _edits(node: ast.AST, rule, collector, starts: list[int], code: str) -> list[tuple[int, int, str]] | None:
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


def _apply(raw: bytes, edits: list[tuple[int, int, str]]) -> bytes:
    done_until = len(raw) + 1
    for start, end, text in sorted(edits, reverse=True):
        if end > done_until:
            continue  # overlaps an edit already made
        raw = raw[:start] + text.encode("utf-8") + raw[end:]
        done_until = start
    return raw
