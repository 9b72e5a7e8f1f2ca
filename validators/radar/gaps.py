"""The checked-in list of deliberate coverage gaps (``references/coverage-gaps.toml``).

Each entry names an API (a dotted name, or an ``fnmatch`` pattern such as
``torch.utils.tensorboard.*``) and says why no reference covers it::

    [[gap]]
    api = "torch.compiler.keep_portable_guards_unsafe"
    reason = "expert-only guard control; the compiler reference covers set_stance instead"
"""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass
from pathlib import Path

from ..errors import InvalidInput

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    tomllib = None

DEFAULT_GAPS_FILE = Path("references/coverage-gaps.toml")
_KEYS = {"api", "reason"}


@dataclass(frozen=True)
class DeliberateGap:
    api: str
    reason: str
    index: int  # position in the file, 1-based, for messages

    def matches(self, api: str) -> bool:
        return api == self.api or fnmatch.fnmatchcase(api, self.api)


def read_ledger_toml(path: str | Path, tables: set[str]) -> dict:
    """A ledger file's top-level tables: {} for a missing file; InvalidInput for one that does not
    parse or has tables other than ``tables`` (shared by the gaps file and the surface ledger)."""
    path = Path(path)
    if not path.exists():
        return {}
    if tomllib is None:
        raise InvalidInput(f"reading {path} needs Python 3.11+ (tomllib)")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise InvalidInput(f"{path}: not valid TOML: {exc}") from None
    unknown = set(data) - tables
    if unknown:
        listed = " and ".join(f"[[{name}]]" for name in sorted(tables))
        raise InvalidInput(f"{path}: unknown top-level keys {sorted(unknown)}; use {listed} tables")
    return data


def load_gaps(path: str | Path) -> list[DeliberateGap]:
    """Read the gaps file; a missing file means no deliberate gaps."""
    path = Path(path)
    data = read_ledger_toml(path, {"gap"})
    entries = data.get("gap", [])
    if not isinstance(entries, list):
        raise InvalidInput(f"{path}: `gap` must be an array of tables ([[gap]])")
    return [_entry(path, index, raw) for index, raw in enumerate(entries, start=1)]


def _entry(path: Path, index: int, raw) -> DeliberateGap:
    where = f"{path}: gap #{index}"
    if not isinstance(raw, dict):
        raise InvalidInput(f"{where}: must be a table with `api` and `reason`")
    extra = set(raw) - _KEYS
    if extra:
        raise InvalidInput(f"{where}: unknown keys {sorted(extra)} (only `api` and `reason`)")
    api, reason = raw.get("api"), raw.get("reason")
    if not isinstance(api, str) or not api.strip():
        raise InvalidInput(f"{where}: `api` must be a non-empty string")
    if not isinstance(reason, str) or not reason.strip():
        raise InvalidInput(f"{where} ({api}): a deliberate gap needs a `reason`")
    return DeliberateGap(api=api.strip(), reason=" ".join(reason.split()), index=index)


def first_match(gaps: list[DeliberateGap], *apis: str) -> DeliberateGap | None:
    return next((gap for gap in gaps for api in apis if api and gap.matches(api)), None)
