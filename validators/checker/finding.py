"""What a check returns: findings (one outdated use each) and file errors (a file it could not check)."""

from __future__ import annotations

import operator
from dataclasses import asdict, dataclass, field, fields

FIELDS = ("file", "line", "column", "api", "message", "fix", "section", "rule", "severity", "code", "end_line",
          "end_column", "applicability", "edits")
APPLICABILITIES = ("safe", "unsafe", "none")  # what --fix may do with a finding; no rule offers an unsafe fix yet
SEVERITIES = ("error", "warning", "info")  # error: raises on the target; warning: warns or will break; info: a weak signal


def _ordered_by_fields(cls):
    """``@dataclass(order=True)``'s comparisons: instances compare as the tuples of their fields, and only with their
    own class. Written once here: dataclasses compiles four such methods per class from source at every start-up
    (7 M instructions for the three classes below, 2% of a check's start-up)."""
    values = operator.attrgetter(*(f.name for f in fields(cls)))

    def comparison(compare):
        def method(self, other):
            return compare(values(self), values(other)) if other.__class__ is self.__class__ else NotImplemented
        method.__name__ = f"__{compare.__name__}__"
        return method

    cls.__lt__, cls.__le__, cls.__gt__, cls.__ge__ = map(comparison, (operator.lt, operator.le, operator.gt, operator.ge))
    return cls


@_ordered_by_fields
@dataclass(frozen=True)
class Edit:
    """Replace the text from (line, column) up to, not including, (end_line, end_column) with ``content``;
    1-based, columns in characters (an insertion has equal start and end)."""

    line: int
    column: int
    end_line: int
    end_column: int
    content: str

    def as_dict(self) -> dict:
        return asdict(self)


@_ordered_by_fields
@dataclass(frozen=True)
class Finding:
    """One problem in checked code. ``line`` and ``column`` are 1-based, like an editor's (characters, not bytes).

    ``as_dict`` is the stable wire shape shared by the CLI's JSON, MCP ``check_code`` and
    ``POST /check``: exactly the keys in :data:`FIELDS`.
    """

    file: str
    line: int
    column: int
    api: str  # the fully qualified name used, e.g. "torch.export.export_for_training"
    message: str  # what is wrong, for the target torch version
    fix: str  # one line: what to write instead
    section: str  # reference section id to read, "<reference-stem>#<anchor>"
    rule: str = ""  # the rule's readable name (its id), for --select / --ignore and inline suppression
    severity: str = "warning"
    code: str = ""  # the rule's short stable code, e.g. "TP112"
    end_line: int = 0  # where the flagged expression ends (1-based; end_column is one past its last character)
    end_column: int = 0
    applicability: str = "none"  # "safe": `--fix` rewrites this use; "none": it needs a person
    edits: tuple[Edit, ...] = ()  # the rewrite --fix makes, when applicability is "safe"

    def as_dict(self) -> dict:
        data = asdict(self)
        data["edits"] = [edit.as_dict() for edit in self.edits]
        return data

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}: {self.code} {self.message} [{self.section}]"


def finding_at(filename: str, node, api: str, rule, message: str, fix: str) -> Finding:
    """A finding of ``rule`` spanning the syntax node ``node`` (columns in UTF-8 bytes here, +1 as editors
    count them; check.py turns them into characters)."""
    end_column = node.end_col_offset if node.end_col_offset is not None else node.col_offset
    return Finding(filename, node.lineno, node.col_offset + 1, api, message, fix, rule.section, rule.id,
                   rule.severity, rule.code, node.end_lineno or node.lineno, end_column + 1)


@_ordered_by_fields
@dataclass(frozen=True)
class FileError:
    """A file that could not be checked, and why (does not parse, not decodable, a link loop, too large)."""

    file: str
    message: str
    line: int | None = None
    column: int | None = None

    def as_dict(self) -> dict:
        return asdict(self)

    def __str__(self) -> str:
        where = f":{self.line}:{self.column}" if self.line else ""
        return f"{self.file}{where}: cannot check: {self.message}"


@dataclass
class CheckReport:
    """A run over files: every finding, every file that could not be checked, and how many were read."""

    findings: list[Finding] = field(default_factory=list)
    errors: list[FileError] = field(default_factory=list)
    files: int = 0

    def as_dict(self) -> dict:
        return {"findings": [f.as_dict() for f in self.findings], "errors": [e.as_dict() for e in self.errors],
                "files": self.files}

    @property
    def exit_code(self) -> int:
        """0 clean, 1 findings, 2 some input could not be checked (it may hide findings)."""
        return 2 if self.errors else 1 if self.findings else 0
