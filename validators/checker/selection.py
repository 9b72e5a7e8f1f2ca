"""Which findings a run keeps: ``--select`` / ``--ignore`` by rule id (globs allowed), a minimum
severity, and inline ``# torchpatch: ignore`` or ``# torchpatch: ignore[rule-id, ...]`` comments."""

from __future__ import annotations

import fnmatch
import re
from dataclasses import dataclass

from .finding import SEVERITIES, Finding

_SUPPRESS = re.compile(r"#\s*torchpatch:\s*ignore(?:\[([^\]]*)\])?")


@dataclass(frozen=True)
class Selection:
    select: tuple[str, ...] = ()  # empty: every rule
    ignore: tuple[str, ...] = ()
    severity: str = "info"  # the lowest severity kept

    def __post_init__(self) -> None:
        if self.severity not in SEVERITIES:
            raise ValueError(f"severity {self.severity!r} is none of {', '.join(SEVERITIES)}")

    def keeps(self, finding: Finding) -> bool:
        if SEVERITIES.index(finding.severity) > SEVERITIES.index(self.severity):
            return False
        if self.select and not _matches(finding.rule, self.select):
            return False
        return not _matches(finding.rule, self.ignore)

    def apply(self, findings: list[Finding], code: str) -> list[Finding]:
        kept = [f for f in findings if self.keeps(f)]
        if not kept or "torchpatch:" not in code:
            return kept
        lines = code.splitlines()
        return [f for f in kept if not _suppressed(f, lines[f.line - 1] if f.line <= len(lines) else "")]


def _matches(rule: str, patterns: tuple[str, ...]) -> bool:
    return any(fnmatch.fnmatchcase(rule, p) for p in patterns)


def _suppressed(finding: Finding, line: str) -> bool:
    match = _SUPPRESS.search(line)
    if match is None:
        return False
    if match.group(1) is None:
        return True  # a bare ignore silences every rule on the line
    return _matches(finding.rule, tuple(p.strip() for p in match.group(1).split(",") if p.strip()))
