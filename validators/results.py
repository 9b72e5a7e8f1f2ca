"""What a validation run found: one :class:`SnippetResult` per snippet."""

from __future__ import annotations

from dataclasses import dataclass, field

PASSED, FAILED, TIMEOUT, SKIPPED = "passed", "failed", "timeout", "skipped"
KNOWN_BUG, KNOWN_BUG_FIXED = "known-bug", "known-bug-fixed"
STATUSES = (PASSED, FAILED, TIMEOUT, SKIPPED, KNOWN_BUG, KNOWN_BUG_FIXED)
BAD = (FAILED, TIMEOUT)


@dataclass
class SnippetResult:
    file: str
    line: int
    section: str  # the section id, e.g. "migrations-and-security#torchload-..."
    status: str
    markers: dict = field(default_factory=dict)
    duration_s: float = 0.0
    message: str = ""
    cached: bool = False
    error_line: int | None = None  # the Markdown line of the failing code line

    @property
    def id(self) -> str:
        return f"{self.file}:{self.line}"

    def as_dict(self) -> dict:
        return {
            "file": self.file,
            "line": self.line,
            "section": self.section,
            "status": self.status,
            "markers": self.markers,
            "duration_s": round(self.duration_s, 3),
            "message": self.message,
            "cached": self.cached,
            "error_line": self.error_line,
        }
