"""Which findings a run keeps: ``--select`` / ``--ignore``, per-file ignores, a minimum severity, and
inline suppressions, as in ruff.

A selector is a code (``TP112``), a code prefix (``TP1``: one reference's family; ``TP``: all), or a rule
name, globs allowed (``qr-removed``, ``private-*``). A selector that names no rule is an error
(:func:`unknown_selectors`), never a silent no-op. Inline, on the line a finding starts on:

- ``# torchpatch: ignore`` or ``# torchpatch: ignore[qr-removed, TP101]`` (names or codes);
- ``# noqa`` (every rule) or ``# noqa: TP112, E501``: our codes are honoured, other tools' codes
  (anything not starting with ``TP``) are theirs and left alone.

An unknown name or ``TP`` code in a suppression is an error too (:func:`unknown_suppressions`).
"""

from __future__ import annotations

import fnmatch
import re
from dataclasses import dataclass
from pathlib import PurePosixPath

from .codes import PREFIX
from .finding import SEVERITIES, Finding

# (text: re compiles them when first asked, in the few files with a suppression comment on a finding's line)
_SUPPRESS = r"#\s*torchpatch:\s*ignore(?:\[([^\]]*)\])?"
_NOQA = r"(?i)#\s*noqa(?::\s*([A-Za-z0-9_\-]+(?:[\s,]+[A-Za-z0-9_\-]+)*))?(?=\s|#|$)"
_OUR_CODE = r"^TP\d"


@dataclass(frozen=True)
class Selection:
    """Which findings a run keeps: by rule (codes or names), by severity, and by inline suppressions."""

    select: tuple[str, ...] = ()  # empty: every rule
    ignore: tuple[str, ...] = ()
    severity: str = "info"  # the lowest severity kept
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (glob over the path, selectors)
    root: str | None = None  # per-file globs are relative to this folder (the config file's)

    def __post_init__(self) -> None:
        if self.severity not in SEVERITIES:
            raise ValueError(f"severity {self.severity!r} is none of {', '.join(SEVERITIES)}")

    def keeps(self, finding: Finding) -> bool:
        if SEVERITIES.index(finding.severity) > SEVERITIES.index(self.severity):
            return False
        if self.select and not matches(finding, self.select):
            return False
        if matches(finding, self.ignore):
            return False
        return not any(matches(finding, selectors) for pattern, selectors in self.per_file_ignores
                       if _path_matches(finding.file, pattern, self.root))

    def apply(self, findings: list[Finding], code: str) -> list[Finding]:
        kept = [f for f in findings if self.keeps(f)]
        if not kept or ("torchpatch:" not in code and "noqa" not in code.lower()):
            return kept
        lines = code.splitlines()
        return [f for f in kept if not suppressed(f, lines[f.line - 1] if f.line <= len(lines) else "")]


def matches(finding: Finding, selectors: tuple[str, ...]) -> bool:
    return any(_selects(selector, finding.rule, finding.code) for selector in selectors)


def _selects(selector: str, name: str, code: str) -> bool:
    if PREFIX.match(selector):
        return bool(code) and code.startswith(selector)
    return fnmatch.fnmatchcase(name, selector)


def unknown_selectors(selectors, rules) -> list[str]:
    """The selectors that name no rule of ``rules`` (a RuleSet)."""
    return [s for s in selectors if not any(_selects(s, rule.id, rule.code) for rule in rules.rules)]


def suppressed(finding: Finding, line: str) -> bool:
    match = re.search(_SUPPRESS, line)
    if match is not None:
        if match.group(1) is None:
            return True  # a bare ignore silences every rule on the line
        if any(_selects(p, finding.rule, finding.code) for p in _listed(match.group(1))):
            return True
    noqa = re.search(_NOQA, line)
    if noqa is None:
        return False
    if noqa.group(1) is None:
        return True  # a bare `# noqa` silences every rule on the line, as in ruff
    return finding.code in _listed(noqa.group(1))


def unknown_suppressions(code: str, rules) -> list[tuple[int, int, str]]:
    """``(line, column, id)`` for each name or TP code in a suppression comment that no rule has."""
    if "torchpatch:" not in code and "noqa" not in code.lower():
        return []
    names, codes = {rule.id for rule in rules.rules}, {rule.code for rule in rules.rules}
    unknown = []
    for number, line in enumerate(code.splitlines(), start=1):
        if "#" not in line:
            continue
        if (match := re.search(_SUPPRESS, line)) and match.group(1) is not None:
            unknown += [(number, match.start() + 1, p) for p in _listed(match.group(1))
                        if not (p in codes or p in names or (PREFIX.match(p) and any(c.startswith(p) for c in codes)))]
        if (noqa := re.search(_NOQA, line)) and noqa.group(1) is not None:
            unknown += [(number, noqa.start() + 1, p) for p in _listed(noqa.group(1))
                        if re.match(_OUR_CODE, p) and p not in codes]
    return unknown


def _listed(text: str) -> list[str]:
    return [p.strip() for p in re.split(r"[\s,]+", text) if p.strip()]


def _path_matches(file: str, pattern: str, root: str | None) -> bool:
    path = PurePosixPath(file.replace("\\", "/"))
    if root is not None:
        try:
            from pathlib import Path

            path = PurePosixPath(Path(file).resolve().relative_to(Path(root).resolve()).as_posix())
        except ValueError:
            pass
    text = path.as_posix()
    return (fnmatch.fnmatch(text, pattern) or fnmatch.fnmatch(path.name, pattern)
            or fnmatch.fnmatch(text, f"*/{pattern}"))
