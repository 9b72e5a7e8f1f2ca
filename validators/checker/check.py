"""Check Python code against the rules: parse it (never run it), walk it, return findings.

Input limits keep a request bounded: code over :data:`MAX_SOURCE_BYTES` is refused, and
code that does not parse is an :class:`InvalidInput` naming the line and column.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Iterable

from ..errors import InvalidInput, NotFound
from ..markdown import Version
from ..pin import pinned_torch
from .finding import Finding
from .imports import ImportMap
from .ruleset import RuleSet, default_rules
from .walker import FindingCollector

MAX_SOURCE_BYTES = 1_000_000  # about 25,000 lines: far beyond one file an agent writes


def check_source(code: str, torch_version: str | None = None, filename: str = "<code>", *,
                 rules: RuleSet | None = None) -> list[Finding]:
    """Findings for ``code`` targeting ``torch_version`` (default: the pinned build), sorted by position.

    Raises InvalidInput for code over the size limit, code that does not parse, or a
    malformed version. ``rules`` defaults to the shipped references and check-rules.toml.
    """
    target = parse_target(torch_version)
    size = len(code.encode("utf-8", errors="replace"))
    if size > MAX_SOURCE_BYTES:
        raise InvalidInput(f"{filename}: {size:,} bytes is over the checker's limit of {MAX_SOURCE_BYTES:,} bytes; "
                           "check the file in parts")
    tree = _parse(code, filename)
    rules = rules if rules is not None else default_rules()
    imports = ImportMap.from_tree(tree)
    if not imports.uses_torch:
        return []  # nothing here can name a torch API
    try:
        return FindingCollector(rules, imports, target, filename).collect(tree)
    except RecursionError:
        raise InvalidInput(f"{filename}: code is nested too deeply to check") from None


def check_paths(paths: Iterable[str | Path], torch_version: str | None = None, *,
                rules: RuleSet | None = None) -> list[Finding]:
    """Check files, and the ``*.py`` files under folders (not hidden ones like ``.venv``, not site-packages).

    NotFound for a path that does not exist.
    """
    findings: list[Finding] = []
    rules = rules if rules is not None else default_rules()
    for path in _python_files(paths):
        try:
            code = path.read_text(encoding="utf-8")
        except UnicodeDecodeError as exc:
            raise InvalidInput(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
        findings.extend(check_source(code, torch_version, str(path), rules=rules))
    return findings


def parse_target(torch_version: str | None) -> Version:
    try:
        return Version.parse(torch_version or pinned_torch())
    except ValueError as exc:
        raise InvalidInput(f"torch version: {exc}") from None


def _parse(code: str, filename: str) -> ast.Module:
    try:
        return ast.parse(code, filename=filename)
    except SyntaxError as exc:
        raise InvalidInput(f"{filename}: line {exc.lineno or 1}, column {exc.offset or 1}: "
                           f"code does not parse: {exc.msg}") from None
    except (ValueError, RecursionError, MemoryError) as exc:  # null bytes, absurd nesting
        raise InvalidInput(f"{filename}: code cannot be parsed: {exc or type(exc).__name__}") from None


def _python_files(paths: Iterable[str | Path]) -> list[Path]:
    files: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            files.extend(sorted(f for f in path.rglob("*.py") if not _skipped(f.relative_to(path))))
        elif path.is_file():
            files.append(path)
        else:
            raise NotFound(f"{path}: no such file or folder")
    return files


_SKIPPED_FOLDERS = {"site-packages", "node_modules", "__pycache__"}


def _skipped(relative: Path) -> bool:
    """Hidden folders (.venv, .git) and installed packages are not the user's code."""
    return any(part.startswith(".") or part in _SKIPPED_FOLDERS for part in relative.parts[:-1])
