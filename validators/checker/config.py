"""``[tool.torchpatch]`` in ``pyproject.toml``, found like ruff finds ``[tool.ruff]``.

The nearest ``pyproject.toml`` with a ``[tool.torchpatch]`` table, from the checked paths' common
folder upwards (a ``pyproject.toml`` without the table is passed over), configures the run::

    [tool.torchpatch]
    select = ["TP1", "qr-removed"]        # codes, code prefixes or rule names (globs allowed)
    ignore = ["private-*"]
    per-file-ignores = {"tests/*" = ["TP101"]}
    target-version = "2.12"               # the torch release the code must run on
    exclude = ["third_party", "*_pb2.py"]
    severity = "warning"                  # the lowest severity reported
    help-uri = "https://example.org/refs/{reference}.md#{anchor}"   # SARIF helpUri of a rule

Command-line flags override the file. Unknown keys, values of the wrong type and selectors that
name no rule are errors (exit 2), never ignored.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable


from ..errors import InvalidInput
from .tomltext import InvalidToml, parse_toml
from .finding import SEVERITIES

KEYS = ("select", "ignore", "per-file-ignores", "target-version", "exclude", "severity", "help-uri")


@dataclass(frozen=True)
class Config:
    path: Path | None = None  # the pyproject.toml it came from; None: no file
    select: tuple[str, ...] | None = None
    ignore: tuple[str, ...] | None = None
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    target_version: str | None = None
    exclude: tuple[str, ...] = ()
    severity: str | None = None
    help_uri: str | None = None
    selectors: tuple[str, ...] = field(default=(), repr=False)  # every selector the file names, for validation

    @property
    def root(self) -> Path | None:
        return self.path.parent if self.path else None


def find_config(paths: Iterable[str | Path]) -> Path | None:
    """The nearest pyproject.toml with a [tool.torchpatch] table above the paths' common folder."""
    resolved = [_absolute(p) for p in paths if str(p) != "-"] or [Path.cwd()]
    try:
        start = Path(os.path.commonpath([str(p) for p in resolved]))
    except ValueError:  # different drives
        start = Path.cwd()
    if not start.is_dir():
        start = start.parent
    for folder in (start, *start.parents):
        candidate = folder / "pyproject.toml"
        if candidate.is_file() and _has_table(candidate):
            return candidate
    return None


def _absolute(path: str | Path) -> Path:
    """The path made absolute; a link loop is left to the file reader, which reports it per file."""
    try:
        return Path(path).resolve()
    except (RuntimeError, OSError):
        return Path(os.path.abspath(path))


def _has_table(path: Path) -> bool:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return False
    return "tool.torchpatch" in text and "torchpatch" in _load(path, text).get("tool", {})


def _load(path: Path, text: str | None = None) -> dict:
    try:
        return parse_toml(text if text is not None else path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise InvalidInput(f"{path}: cannot read: {exc}") from None
    except InvalidToml as exc:
        raise InvalidInput(f"{path}: not valid TOML ({exc})") from None


def read_config(path: Path) -> Config:
    table = _load(path).get("tool", {}).get("torchpatch", {})
    where = f"{path}: [tool.torchpatch]"
    if not isinstance(table, dict):
        raise InvalidInput(f"{where} is not a table")
    unknown = sorted(set(table) - set(KEYS))
    if unknown:
        raise InvalidInput(f"{where}: unknown key(s) {', '.join(unknown)} (known: {', '.join(KEYS)})")
    select = _strings(table, "select", where)
    ignore = _strings(table, "ignore", where)
    per_file = table.get("per-file-ignores", {})
    if not isinstance(per_file, dict):
        raise InvalidInput(f"{where}: per-file-ignores must be a table of glob = [selectors]")
    per_file_ignores = tuple((str(glob), _strings(per_file, glob, f"{where} per-file-ignores"))
                             for glob in per_file)
    target = table.get("target-version")
    if target is not None and not isinstance(target, str):
        raise InvalidInput(f"{where}: target-version must be a string such as \"2.12\"")
    severity = table.get("severity")
    if severity is not None and severity not in SEVERITIES:
        raise InvalidInput(f"{where}: severity {severity!r} is none of {', '.join(SEVERITIES)}")
    base = table.get("help-uri")
    if base is not None and not isinstance(base, str):
        raise InvalidInput(f"{where}: help-uri must be a string (a URL template with {{reference}} and {{anchor}})")
    selectors = (*(select or ()), *(ignore or ()), *(s for _, group in per_file_ignores for s in group))
    return Config(path, select, ignore, per_file_ignores, target, _strings(table, "exclude", where) or (),
                  severity, base, selectors)


def _strings(table: dict, key: str, where: str) -> tuple[str, ...] | None:
    value = table.get(key)
    if value is None:
        return None
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise InvalidInput(f"{where}: {key} must be a list of strings")
    return tuple(value)
