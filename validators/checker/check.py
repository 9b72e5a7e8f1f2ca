"""Check Python code against the rules: parse it (never run it), walk it, return findings.

``check_source`` is for one piece of code (MCP, HTTP, stdin): bad code is an InvalidInput.
``check_paths`` is for a tree of files (the CLI, CI): a file that cannot be read or parsed
becomes a :class:`FileError` in the report and the run goes on.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Iterable

from ..errors import InvalidInput
from ..markdown import Version
from ..parsing import parse_python
from ..pin import pinned_torch
from .finding import CheckReport, FileError, Finding
from .files import python_files
from .checkpoints import FileEvidence, config_library_imported
from .imports import ImportMap
from .project import ProjectEvidence
from .ruleset import RuleSet, default_rules
from .selection import Selection
from .source import MAX_SOURCE_BYTES, Unreadable, read_source
from .walker import FindingCollector


class ParseError(InvalidInput):
    """Code that does not parse; ``line`` and ``column`` are 1-based."""

    def __init__(self, message: str, reason: str, line: int, column: int):
        super().__init__(message)
        self.reason, self.line, self.column = reason, line, column


def check_source(code: str, torch_version: str | None = None, filename: str = "<code>", *,
                 rules: RuleSet | None = None, selection: Selection | None = None) -> list[Finding]:
    """Findings for ``code`` targeting ``torch_version`` (default: the pinned build), sorted by position.

    Raises InvalidInput for code over the size limit, code that does not parse (a ParseError with
    its position), or a malformed version. ``rules`` defaults to the shipped references and
    check-rules.toml; ``selection`` filters by rule id, severity and inline suppressions.
    """
    findings, collector = collect(code, torch_version, filename, rules=rules, selection=selection)
    if collector is None or not collector.evidence.candidates:
        return findings
    project = ProjectEvidence()  # a project of one file
    project.add(collector.evidence)
    return sorted(findings + _kept(project.findings(collector.evidence), code, selection))


def collect(code: str, torch_version: str | None, filename: str, *, rules: RuleSet | None = None,
            selection: Selection | None = None) -> tuple[list[Finding], FindingCollector | None]:
    """``check_source`` plus the walk itself, whose node positions ``--fix`` needs."""
    target = parse_target(torch_version)
    size = len(code.encode("utf-8", errors="replace"))
    if size > MAX_SOURCE_BYTES:
        raise InvalidInput(f"{filename}: {size:,} bytes is over the checker's limit of {MAX_SOURCE_BYTES:,} bytes; "
                           "check the file in parts")
    code = code.removeprefix("\ufeff")  # a BOM decoded into the text: Python ignores it too
    tree = _parse(code, filename)
    rules = rules if rules is not None else default_rules()
    imports = ImportMap.from_tree(tree)
    if not imports.uses_torch:
        return [], None  # nothing here can name a torch API
    collector = FindingCollector(rules, imports, target, filename)
    try:
        findings = collector.collect(tree)
    except RecursionError:
        raise InvalidInput(f"{filename}: code is nested too deeply to check") from None
    return _kept(findings, code, selection), collector


def _kept(findings: list[Finding], code: str, selection: Selection | None) -> list[Finding]:
    return (selection or Selection()).apply(_character_columns(findings, code), code)


def check_paths(paths: Iterable[str | Path], torch_version: str | None = None, *, rules: RuleSet | None = None,
                selection: Selection | None = None, exclude: Iterable[str] = ()) -> CheckReport:
    """Check files, and the ``*.py`` files under folders (not hidden ones like ``.venv``, not site-packages).

    Never stops at a bad file: a missing path, a link loop, an undecodable or unparsable file
    is a FileError in the report. A malformed ``torch_version`` is still an InvalidInput. A file
    that never mentions ``torch`` is read but not parsed (so its syntax is not reported).
    ``torch.load`` calls whose evidence is in another file (a checkpoint saved there) are decided
    once every file has been walked: all the paths of one call count as one project.
    """
    parse_target(torch_version)
    rules = rules if rules is not None else default_rules()
    report = CheckReport()
    project = ProjectEvidence()
    per_file: list[list[Finding]] = []  # in file order: the project's findings join their file's
    undecided: list[tuple[FileEvidence, str, list[Finding]]] = []  # files with loads the project decides
    for path, problem in python_files(paths, exclude):
        if problem:
            report.errors.append(FileError(str(path), problem))
            continue
        try:
            code = read_source(path)
            if "torch" in code:  # otherwise nothing can name torch, not even through a star import
                findings, collector = collect(code, torch_version, str(path), rules=rules, selection=selection)
                per_file.append(findings)
                if collector is not None:
                    project.add(collector.evidence)
                    if collector.evidence.candidates:
                        undecided.append((collector.evidence, code, findings))
            else:  # config.py building a yacs CfgNode need not name torch
                project.note_config_library(config_library_imported(code))
            report.files += 1
        except Unreadable as exc:
            report.errors.append(FileError(str(path), str(exc)))
        except ParseError as exc:
            report.errors.append(FileError(str(path), f"does not parse: {exc.reason}", exc.line, exc.column))
        except InvalidInput as exc:
            report.errors.append(FileError(str(path), str(exc).removeprefix(f"{path}: ")))
    for evidence, code, findings in undecided:
        findings.extend(_kept(project.findings(evidence), code, selection))
        findings.sort()
    report.findings = [finding for findings in per_file for finding in findings]
    return report


def parse_target(torch_version: str | None) -> Version:
    try:
        return Version.parse(torch_version or pinned_torch())
    except ValueError as exc:
        raise InvalidInput(f"torch version: {exc}") from None


def _parse(code: str, filename: str) -> ast.Module:
    try:
        return parse_python(code, filename)
    except SyntaxError as exc:
        line, column = exc.lineno or 1, exc.offset or 1
        raise ParseError(f"{filename}: line {line}, column {column}: code does not parse: {exc.msg}",
                         exc.msg, line, column) from None
    except (ValueError, RecursionError, MemoryError) as exc:  # null bytes, absurd nesting
        raise InvalidInput(f"{filename}: code cannot be parsed: {exc or type(exc).__name__}") from None


def _character_columns(findings: list[Finding], code: str) -> list[Finding]:
    """The AST counts columns in UTF-8 bytes; editors and SARIF count characters."""
    if code.isascii():
        return findings
    lines = code.splitlines()
    out = []
    for f in findings:
        line = lines[f.line - 1] if f.line <= len(lines) else ""
        if not line.isascii():
            column = len(line.encode("utf-8")[: f.column - 1].decode("utf-8", errors="ignore")) + 1
            f = Finding(f.file, f.line, column, f.api, f.message, f.fix, f.section, f.rule, f.severity)
        out.append(f)
    return out
