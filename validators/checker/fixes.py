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

import difflib
from dataclasses import dataclass, field

from .check import collect
from .finding import Finding
from .rewrites import apply_edits, line_starts, rewrite_edits
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
    starts = line_starts(code.encode("utf-8"))
    edits, fixed = [], []
    for (line, _, rule_id), node in sorted(collector.fixable.items()):
        finding = kept.get((line, rule_id))
        edit = rewrite_edits(node, by_id[rule_id], collector, starts, code) if finding else None
        if edit:
            edits.extend(edit)
            fixed.append(finding)
    return FixResult(apply_edits(code.encode("utf-8"), edits).decode("utf-8"), fixed)


def fix_files(report, torch_version: str | None, rules: RuleSet, selection: Selection | None = None, *,
              write: bool) -> list[tuple[str, str, FixResult]]:
    """The safe rewrites of every file with a fixable finding in ``report``: (name, original text,
    result) for each file that changes. With ``write``, each file is rewritten in its own encoding
    (a BOM or PEP 263 line kept) and its fixed findings leave the report. `torchpatch check --fix`
    and the pre-commit hook both come here."""
    from pathlib import Path

    from .source import read_source, source_encoding

    changed = []
    for name in sorted({f.file for f in report.findings if f.applicability == "safe"}):
        path = Path(name)
        original = read_source(path)
        result = fix_source(original, torch_version, name, rules=rules, selection=selection)
        if not result.fixed:
            continue
        if write:
            encoding = source_encoding(path.read_bytes())  # "utf-8-sig" writes the BOM back
            path.write_text(result.code, encoding=encoding)
            done = set(result.fixed)
            report.findings = [f for f in report.findings if f not in done]
        changed.append((name, original, result))
    return changed
