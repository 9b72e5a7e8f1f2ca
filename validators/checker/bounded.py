"""The checker as the transports serve it (MCP ``check_code``, ``POST /check``, the web check):
at most ``MAX_FINDINGS`` findings and ``MAX_RESPONSE_BYTES`` of them, and how many more there are.

Pasted code with thousands of outdated calls (a 500 kB file gave 14.9 MB of findings) would
otherwise fill an agent's context or a browser page; the first findings, in line order, say
what to fix first, and ``omitted`` says how much is left (run ``torchpatch check`` for all).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from .check import check_source
from .finding import Finding

MAX_FINDINGS = 200
MAX_RESPONSE_BYTES = 256 * 1024


@dataclass
class BoundedCheck:
    """A check cut to a size an agent can read: the findings shown, how many there were in all."""

    findings: list[Finding] = field(default_factory=list)
    count: int = 0  # all findings, shown or not
    truncated: bool = False
    omitted: int = 0

    def as_dict(self) -> dict:
        return {"findings": [f.as_dict() for f in self.findings], "count": self.count,
                "truncated": self.truncated, "omitted": self.omitted}

    def note(self) -> str:
        """A line for readers, or '' when nothing was left out."""
        if not self.truncated:
            return ""
        return (f"... and {self.omitted} more finding{'s' if self.omitted != 1 else ''} not shown (the first "
                f"{len(self.findings)} of {self.count}); run `torchpatch check` on the file for all of them.")


def check_bounded(code: str, torch_version: str | None = None, *, max_findings: int = MAX_FINDINGS,
                  max_bytes: int = MAX_RESPONSE_BYTES) -> BoundedCheck:
    """``check_source`` with its findings capped by number and by their size as JSON."""
    findings = check_source(code, torch_version)
    kept, size = [], 0
    for finding in findings[:max_findings]:
        size += len(json.dumps(finding.as_dict())) + 2
        if size > max_bytes:
            break
        kept.append(finding)
    omitted = len(findings) - len(kept)
    return BoundedCheck(kept, len(findings), omitted > 0, omitted)
