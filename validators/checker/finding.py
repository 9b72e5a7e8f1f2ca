"""A finding: one use of an outdated API, with its position, the fix and the section to read."""

from __future__ import annotations

from dataclasses import asdict, dataclass

FIELDS = ("file", "line", "column", "api", "message", "fix", "section")


@dataclass(frozen=True, order=True)
class Finding:
    """One problem in checked code. ``line`` and ``column`` are 1-based, like an editor's.

    ``as_dict`` is the stable wire shape shared by the CLI's ``--json``, MCP ``check_code``
    and ``POST /check``: exactly the keys in :data:`FIELDS`.
    """

    file: str
    line: int
    column: int
    api: str  # the fully qualified name used, e.g. "torch.export.export_for_training"
    message: str  # what is wrong, for the target torch version
    fix: str  # one line: what to write instead
    section: str  # reference section id to read, "<reference-stem>#<anchor>"

    def as_dict(self) -> dict:
        return asdict(self)

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}: {self.message} [{self.section}]"
