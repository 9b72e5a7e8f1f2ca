"""The surface ledger: every difference between consecutive stored records, each covered or a deliberate gap.

An item is one difference a caller can feel, at the release that made it:
- ``added`` / ``removed`` / ``renamed``: a public callable, class, member or module (members of an
  added or removed class or module fold into that one item);
- ``changed``: one parameter difference of one callable (added, removed, renamed, default changed,
  kind or position changed), so a section on ``DataLoader``'s new argument does not hide another;
- ``deprecated``: a deprecation or removal message the source can emit that the older build did not
  (an old message reworded, 90% alike, is not new).

An item is *covered* when a section's ``api=`` names its API (or another path of the same object, or
for an addition one of its members) and one of the section's versions (since/deprecated/removed) is
the item's release. Otherwise exactly one entry of the ledger file must match it: a ``[[gap]]`` with
a reason, or a ``[[covered]]`` naming the section that states the change for a group its ``api=``
does not list (every LR scheduler losing ``verbose``, stated on their base class). New sections
cover items without touching the ledger file.
"""

from __future__ import annotations

import difflib
import fnmatch
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import InvalidInput
from ..markdown import Section, Version
from .diff import diff_surfaces
from .gaps import read_ledger_toml
from .surface import ApiSurface

DEFAULT_LEDGER_FILE = Path("references/surface-ledger.toml")
ITEM_CHANGES = ("added", "removed", "renamed", "changed", "deprecated")
REWORDED_RATIO = 0.9
DOCSTRING = "(docstring) "  # detail prefix: a parameter difference read off a C function's docstring
_GAP_KEYS = {"api", "change", "release", "detail", "reason"}
_REMOVED = re.compile(r"^parameter `(\w+)` removed")
_NEW = re.compile(r"^new (?:required )?parameter `(\w+)`")


@dataclass(frozen=True)
class Item:
    release: str  # "2.9": the build whose record shows the difference first
    change: str  # one of ITEM_CHANGES
    api: str
    kind: str
    module: str  # the listed module it belongs to (figures are per module)
    detail: str = ""

    @property
    def key(self) -> str:
        return f"{self.release} {self.change} {self.api}" + (f": {self.detail}" if self.detail else "")

    def as_dict(self) -> dict:
        return {"release": self.release, "change": self.change, "api": self.api, "kind": self.kind,
                "module": self.module, "detail": self.detail}


@dataclass(frozen=True)
class LedgerGap:
    api: str  # fnmatch pattern
    reason: str
    index: int
    change: tuple[str, ...] = ()
    release: tuple[str, ...] = ()
    detail: tuple[str, ...] = ()  # fnmatch patterns on the item's detail (any of them)
    section: str = ""  # a [[covered]] entry: the section that covers these items though its api= does not name them

    def matches(self, item: Item) -> bool:
        return ((item.api == self.api or fnmatch.fnmatchcase(item.api, self.api))
                and (not self.change or item.change in self.change)
                and (not self.release or item.release in self.release)
                and (not self.detail or any(fnmatch.fnmatchcase(item.detail, d) for d in self.detail)))

    def as_dict(self) -> dict:
        found = {"index": self.index, "api": self.api}
        for key in ("change", "release", "detail", "section"):
            if getattr(self, key):
                found[key] = getattr(self, key)
        return {**found, "reason": self.reason}


@dataclass
class LedgerReport:
    releases: list[str]
    items: list[Item]
    covered: dict[str, tuple[str, ...]] = field(default_factory=dict)  # item key -> section ids
    listed: dict[str, LedgerGap] = field(default_factory=dict)  # item key -> its one gap entry
    unaccounted: list[Item] = field(default_factory=list)
    ambiguous: dict[str, list[LedgerGap]] = field(default_factory=dict)  # item key -> every entry matching it
    unused: list[LedgerGap] = field(default_factory=list)

    def failed(self) -> bool:
        return bool(self.unaccounted or self.ambiguous)

    def per_module(self) -> dict[str, dict[str, int]]:
        figures: dict[str, dict[str, int]] = {}
        for item in self.items:
            row = figures.setdefault(item.module, {"differences": 0, "covered": 0, "gaps": 0, "unaccounted": 0})
            row["differences"] += 1
            if item.key in self.covered:
                row["covered"] += 1
            elif item.key in self.listed:
                row["gaps"] += 1
            else:
                row["unaccounted"] += 1
        return dict(sorted(figures.items()))

    def as_dict(self) -> dict:
        return {
            "failed": self.failed(), "releases": self.releases,
            "counts": {"differences": len(self.items), "covered": len(self.covered), "gaps": len(self.listed),
                       "unaccounted": len(self.unaccounted), "ambiguous": len(self.ambiguous),
                       "unused_gaps": len(self.unused)},
            "per_module": self.per_module(),
            "unaccounted": [item.as_dict() for item in self.unaccounted],
            "ambiguous": [{"item": key, "gaps": [g.as_dict() for g in gaps]} for key, gaps in self.ambiguous.items()],
            "unused_gaps": [gap.as_dict() for gap in self.unused],
            "covered": [{**item.as_dict(), "sections": list(self.covered[item.key])} for item in self.items
                        if item.key in self.covered],
        }


# --- the items -----------------------------------------------------------------------------

def ledger_items(records: list[ApiSurface]) -> list[Item]:
    """Every difference between consecutive records (oldest first)."""
    items: list[Item] = []
    for old, new in zip(records, records[1:]):
        items.extend(release_items(old, new))
    return items


def release_items(old: ApiSurface, new: ApiSurface) -> list[Item]:
    release = _minor(new.version)
    items = []
    for change in diff_surfaces(old, new).changes:
        module = _module_of(change.api, old, new)
        if change.change == "changed":
            # a C function's parameters are read off its docstring, whose wording changes with no code change
            doc = any((s.resolve(change.api) or {}).get("from_doc") for s in (old, new))
            for detail in _param_details(change.details):
                items.append(Item(release, "changed", change.api, change.kind, module,
                                  f"{DOCSTRING}{detail}" if doc else detail))
        elif change.change in ("added", "removed", "renamed"):
            items.append(Item(release, change.change, change.api, change.kind, module, "; ".join(change.details)))
        # "deprecated" from the diff is one message of a name that had none: new_messages() sees every one
    items.extend(new_messages(old, new, release))
    return sorted(set(items), key=lambda i: (ITEM_CHANGES.index(i.change), i.api, i.detail))


def new_messages(old: ApiSurface, new: ApiSurface, release: str) -> list[Item]:
    """A deprecation or removal message of an existing API that the older build's source did not have."""
    found = []
    for api, after in new.apis.items():
        if "alias_of" in after or api not in old.apis:
            continue
        before = old.resolve(api) or {}
        known = _messages(before)
        for message in _messages(after):
            if message not in known and not _reworded(message, known):
                found.append(Item(release, "deprecated", api, after["kind"], _module_of(api, old, new), message))
    return found


def _reworded(message: str, known: list[str]) -> bool:
    """An old message with a typo fixed or a word changed ("rename to" -> "renamed to") is not a new deprecation."""
    return any(difflib.SequenceMatcher(None, message, old).ratio() >= REWORDED_RATIO for old in known)


def _messages(entry: dict) -> list[str]:
    texts = [f"[{category}] {text}" for category, text in entry.get("warns", ())]
    if entry.get("deprecated") and not any(entry["deprecated"] in text for text in texts):
        texts.append(f"[on access] {entry['deprecated']}")
    return texts


def _param_details(details: tuple[str, ...]) -> list[str]:
    """One detail per parameter; a lone removed parameter beside a lone new one at the same call is a rename."""
    removed = [d for d in details if _REMOVED.match(d)]
    added = [d for d in details if _NEW.match(d)]
    if len(removed) == 1 and len(added) == 1:
        old_name, new_name = _REMOVED.match(removed[0])[1], _NEW.match(added[0])[1]
        rest = [d for d in details if d not in (removed[0], added[0]) and not d.startswith("positional order")
                and f"`{old_name}` moved" not in d]
        return [f"parameter `{old_name}` renamed to `{new_name}`", *rest]
    return list(details)


def _module_of(api: str, old: ApiSurface, new: ApiSurface) -> str:
    entry = new.apis.get(api) or old.apis.get(api) or {}
    return entry.get("module") or api


def _minor(version: str) -> str:
    parsed = Version.parse(version)
    return f"{parsed.major}.{parsed.minor}"


# --- accounting ----------------------------------------------------------------------------

def account(items: list[Item], records: list[ApiSurface], sections: list[Section],
            gaps: list[LedgerGap]) -> LedgerReport:
    report = LedgerReport(releases=[_minor(r.version) for r in records], items=items)
    by_release = {_minor(r.version): (previous, r) for previous, r in zip(records, records[1:])}
    mentioned = _sections_by_api(sections)
    used: set[int] = set()
    for item in items:
        old, new = by_release[item.release]
        ids = _covering_sections(item, old, new, mentioned)
        if ids:
            report.covered[item.key] = ids
            continue
        matching = [gap for gap in gaps if gap.matches(item)]
        used.update(gap.index for gap in matching)
        if len(matching) == 1 and matching[0].section:
            report.covered[item.key] = (matching[0].section,)
        elif len(matching) == 1:
            report.listed[item.key] = matching[0]
        elif matching:
            report.ambiguous[item.key] = matching
        else:
            report.unaccounted.append(item)
    report.unused = [gap for gap in gaps if gap.index not in used]
    return report


def _sections_by_api(sections: list[Section]) -> dict[str, list[tuple[str, set[str]]]]:
    """api -> [(section id, the releases it speaks of)]."""
    found: dict[str, list[tuple[str, set[str]]]] = {}
    for section in sections:
        meta = section.meta
        if meta is None:
            continue
        releases = {f"{v.major}.{v.minor}" for v in meta.versions().values()}
        for api in meta.apis:
            found.setdefault(api, []).append((section.id, releases))
    return found


def _covering_sections(item: Item, old: ApiSurface, new: ApiSurface,
                       mentioned: dict[str, list[tuple[str, set[str]]]]) -> tuple[str, ...]:
    names = {item.api}
    parts = item.api.split(".")
    for surface in (old, new):
        entry = surface.apis.get(item.api) or {}
        names.update(filter(None, (entry.get("alias_of"), entry.get("home"))))
        for cut in range(len(parts) - 1, 1, -1):  # a member of a re-exported class, at the class's home
            home = (surface.apis.get(".".join(parts[:cut])) or {}).get("home")
            if home:
                names.add(".".join([home, *parts[cut:]]))
    if item.change == "renamed" and "to " in item.detail:
        names.add(item.detail.rsplit("to ", 1)[1].split(";")[0].strip())
    ids = {sid for name in names for sid, releases in mentioned.get(name, ()) if item.release in releases}
    if not ids and item.change in ("added", "removed"):  # a whole class or module: a section on one member
        prefix = item.api + "."
        ids = {sid for api, found in mentioned.items() if api.startswith(prefix)
               for sid, releases in found if item.release in releases}
    return tuple(sorted(ids))


# --- the ledger file -----------------------------------------------------------------------

def load_ledger(path: str | Path) -> list[LedgerGap]:
    """The [[gap]] entries of the surface ledger; a missing file means none."""
    path = Path(path)
    data = read_ledger_toml(path, {"gap", "covered"})
    entries = [("gap", raw) for raw in data.get("gap", [])] + [("covered", raw) for raw in data.get("covered", [])]
    if not isinstance(data.get("gap", []), list) or not isinstance(data.get("covered", []), list):
        raise InvalidInput(f"{path}: `gap` and `covered` must be arrays of tables ([[gap]], [[covered]])")
    return [_gap(path, index, raw, table) for index, (table, raw) in enumerate(entries, start=1)]


def _gap(path: Path, index: int, raw, table: str = "gap") -> LedgerGap:
    where = f"{path}: {table} #{index}"
    if not isinstance(raw, dict):
        raise InvalidInput(f"{where}: must be a table with `api` and `reason`")
    allowed = _GAP_KEYS if table == "gap" else (_GAP_KEYS - {"reason"}) | {"section", "reason"}
    if set(raw) - allowed:
        raise InvalidInput(f"{where}: unknown keys {sorted(set(raw) - allowed)} (allowed: {sorted(allowed)})")
    api, reason, section = raw.get("api"), raw.get("reason", ""), raw.get("section", "")
    if not isinstance(api, str) or not api.strip():
        raise InvalidInput(f"{where}: `api` must be a non-empty string (a dotted name or an fnmatch pattern)")
    if table == "covered" and (not isinstance(section, str) or "#" not in section):
        raise InvalidInput(f"{where} ({api}): a [[covered]] entry needs `section` = '<reference-stem>#<anchor>'")
    if table == "gap" and (not isinstance(reason, str) or len(reason.strip()) < 10):
        raise InvalidInput(f"{where} ({api}): a deliberate gap needs a `reason` (a sentence)")
    change = _strings(raw.get("change", ()), f"{where}: `change`")
    if set(change) - set(ITEM_CHANGES):
        raise InvalidInput(f"{where}: `change` must be among {list(ITEM_CHANGES)}")
    release = _strings(raw.get("release", ()), f"{where}: `release`")
    for value in release:
        if not re.fullmatch(r"\d+\.\d+", value):
            raise InvalidInput(f"{where}: `release` {value!r} must look like 2.9")
    detail = _strings(raw.get("detail", ()), f"{where}: `detail` (fnmatch patterns)")
    return LedgerGap(api=api.strip(), reason=" ".join(str(reason).split()), index=index, change=change,
                     release=release, detail=detail, section=section if table == "covered" else "")


def _strings(value, where: str) -> tuple[str, ...]:
    values = [value] if isinstance(value, str) else value
    if not isinstance(values, (list, tuple)) or not all(isinstance(v, str) for v in values):
        raise InvalidInput(f"{where} must be a string or a list of strings")
    return tuple(values)


def todo_entries(report: LedgerReport) -> str:
    """TOML [[gap]] stubs for every unaccounted item, to paste into the ledger and give a reason each."""
    blocks = []
    for item in report.unaccounted:
        lines = ["[[gap]]", f'api = "{item.api}"', f'change = "{item.change}"', f'release = "{item.release}"']
        if item.detail:
            lines.append(f"detail = {_toml_string(_escape_pattern(item.detail))}")
        lines.append('reason = "TODO"')
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + ("\n" if blocks else "")


def _escape_pattern(text: str) -> str:
    """fnmatch treats [ ] * ? specially: bracket them so the pattern matches the text itself."""
    return re.sub(r"([\[\]*?])", lambda m: "[" + m[1] + "]", text)


def _toml_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
