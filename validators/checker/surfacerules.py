"""Rules read off the stored surface records (the radar's data), each pointing at the section that covers it.

For every API a section's ``api=`` names, the records say in which release it stopped working
(gone, or a stub that always raises) and in which release its source started to warn that it is
deprecated. When one of the section's versions is that very release, the section covers the event
and the API gets a rule:

- removed: any use is an error from that release on;
- deprecated: any use warns from that release on, but only for a message that names the API itself
  and calls it deprecated, or a ``@deprecated`` decorator, or a warning on attribute access: a
  warning about one argument (DDP's ``broadcast_buffers``) must not flag every call;
- a parameter removed (and not swallowed by ``**kwargs``): a call passing it by keyword is an error.
  A ``[[covered]]`` entry of the surface ledger counts as the section covering it (every LR scheduler
  losing ``verbose=``, stated on their base class).

Methods of ``torch.Tensor`` are left out (a method rule would see any ``.name(...)`` call), as are
APIs an explicit or metadata rule already covers.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

from ..markdown import Version
from .rule import Rule

if TYPE_CHECKING:  # the parser is loaded only when the rule cache is rebuilt
    from ..markdown import Section

RECORDS_DIR = Path(__file__).resolve().parents[1] / "radar" / "surfaces"  # radar.surface_records.RECORDS_DIR
EVENTS_VERSION = 1  # bump when _events changes what it finds
_KINDS = ("breaking", "deprecation", "security", "behaviour-change")


def rules_from_surface(sections: Iterable[Section], covered: set[str], not_flagged: frozenset[str],
                       records_dir: str | Path | None = None, ledger_file: str | Path | None = None,
                       covered_arguments: set[tuple[str, str]] = frozenset()) -> list[Rule]:
    """``covered``: APIs other rules flag by name; ``covered_arguments``: (api, keyword) pairs they flag."""
    sections = list(sections)
    events = surface_events(records_dir)
    rules, done = [], set()
    for section in sections:
        meta = section.meta
        if meta is None or meta.kind not in _KINDS:
            continue
        releases = {(v.major, v.minor) for v in meta.versions().values()}
        for api in meta.apis:
            if api in not_flagged or api.startswith("torch.Tensor.") or api not in events:
                continue
            for event, (version, message) in events[api].items():
                if _already(api, event, covered, covered_arguments):
                    continue
                if (version.major, version.minor) in releases and (api, event) not in done:
                    done.add((api, event))  # one rule per event: the first section (in reading order) that covers it
                    rules.append(_rule(section, api, event, version, message))
    by_id = {section.id: section for section in sections}
    for section_id, api, event, version in _ledger_covered(events, ledger_file):
        if (section_id in by_id and (api, event) not in done and api not in not_flagged
                and not _already(api, event, covered, covered_arguments)):
            done.add((api, event))
            rules.append(_rule(by_id[section_id], api, event, version, ""))
    return rules


def _already(api: str, event: str, covered: set[str], covered_arguments) -> bool:
    if event.startswith("argument:"):
        return (api, event.split(":", 1)[1]) in covered_arguments
    return api in covered


def _ledger_covered(events: dict, ledger_file: str | Path | None):
    """Removed-argument events that a [[covered]] entry of the surface ledger maps to a section."""
    from ..radar.surface_ledger import DEFAULT_LEDGER_FILE, Item, load_ledger

    path = Path(ledger_file) if ledger_file else Path(__file__).resolve().parents[2] / DEFAULT_LEDGER_FILE
    entries = [gap for gap in load_ledger(path) if gap.section]
    for api, found in events.items():
        for event, (version, _) in found.items():
            if not event.startswith("argument:"):
                continue
            item = Item(f"{version.major}.{version.minor}", "changed", api, "", "",
                        f"parameter `{event.split(':', 1)[1]}` removed")
            for entry in entries:
                if entry.matches(item):
                    yield entry.section, api, event, version


def _rule(section: Section, api: str, event: str, version: Version, message: str) -> Rule:
    said = f": {message}" if message else ""
    if event.startswith("argument:"):
        name = event.split(":", 1)[1]
        return Rule(id=f"surface:{section.id}:{api}:{name}:{name.strip('_').replace('_', '-')}-argument-removed", section=section.id, apis=(api,),
                    kind="keyword", argument=name, version=version, origin="surface", severity="error",
                    fix=f"read {section.id} for what to pass instead",
                    message=f"`{api}` has no parameter `{name}` from torch {version.major}.{version.minor} "
                            "(TypeError: unexpected keyword argument)")
    if event == "removed":
        return Rule(id=f"surface:{section.id}:{api}:removed", section=section.id, apis=(api,), kind="name",
                    version=version, origin="surface", severity="error", fix=f"read {section.id} for what to use instead",
                    message=f"`{api}` no longer works from torch {version.major}.{version.minor}{said}")
    return Rule(id=f"surface:{section.id}:{api}:deprecated", section=section.id, apis=(api,), kind="name",
                version=version, origin="surface", fix=f"read {section.id} for what to use instead",
                message=f"`{api}` warns that it is deprecated from torch {version.major}.{version.minor}{said}")


_cache: dict[tuple, dict] = {}


def surface_events(records_dir: str | Path | None = None) -> dict[str, dict[str, tuple[Version, str]]]:
    """api -> {"removed"|"deprecated": (first release, message)} over the stored records, oldest first."""
    files = sorted(Path(records_dir or RECORDS_DIR).glob("torch-*.json"))
    key = tuple((str(f), f.stat().st_size, f.stat().st_mtime_ns) for f in files)
    if key not in _cache:
        _cache.clear()
        _cache[key] = _cached_on_disk(key, files)
    return _cache[key]


def _cached_on_disk(key: tuple, files: list[Path]) -> dict:
    """Parsing 12 records costs about half a second of CPU: every `torchpatch check` would pay it.

    The events are kept under $TORCHPATCH_HOME, keyed by the records' names, sizes and times.
    """
    import hashlib  # here, not at import: a check whose cached rules are fresh never gets here

    from ..home import home_dir

    digest = hashlib.sha256(json.dumps([EVENTS_VERSION, *key]).encode()).hexdigest()[:24]
    path = home_dir() / "radar" / f"surface-events-{digest}.json"
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        return {api: {event: (Version.parse(v), m) for event, (v, m) in found.items()} for api, found in raw.items()}
    except (OSError, ValueError):
        pass
    events = _events([json.loads(f.read_text(encoding="utf-8")) for f in files])
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        scratch = path.with_suffix(".tmp")
        scratch.write_text(json.dumps({api: {event: [str(v), m] for event, (v, m) in found.items()}
                                       for api, found in events.items()}), encoding="utf-8")
        os.replace(scratch, path)
    except OSError:
        pass  # a read-only home: parse again next time
    return events


def _events(records: list[dict]) -> dict[str, dict[str, tuple[Version, str]]]:
    records = sorted(records, key=lambda r: Version.parse(r["torch"]).sort_key)
    events: dict[str, dict[str, tuple[Version, str]]] = {}
    for old, new in zip(records, records[1:]):
        parsed = Version.parse(new["torch"])
        version = Version(parsed.major, parsed.minor)  # a rule applies from the release, not its patch
        absent = {name for name, state in new["modules"].items() if state != "ok"}
        for api, before in old["apis"].items():
            after = _resolve(new["apis"], api)
            if _resolve(old["apis"], api) is None or "raises" in (_resolve(old["apis"], api) or {}):
                continue
            if any(api == m or api.startswith(m + ".") for m in absent if m != "torch"):
                continue  # a module that failed to import: unknown, not removed
            if after is None or "raises" in after:
                events.setdefault(api, {}).setdefault("removed", (version, (after or {}).get("raises", "")))
        for api, after in new["apis"].items():
            entry, earlier = _resolve(new["apis"], api), _resolve(old["apis"], api)
            if entry and earlier and "params" in entry and "params" in earlier and "raises" not in entry:
                for name in _removed_arguments(earlier["params"], entry["params"]):
                    events.setdefault(api, {}).setdefault(f"argument:{name}", (version, ""))
            if entry is None or earlier is None or "raises" in entry:
                continue
            message = _own_deprecation(api, entry)
            if message and not _own_deprecation(api, earlier):
                events.setdefault(api, {}).setdefault("deprecated", (version, message))
    return events


def _removed_arguments(before: list[str], after: list[str]) -> list[str]:
    """Keyword-passable parameters that are gone, unless the new signature swallows them (**kwargs)."""
    if any(token.startswith("**") for token in after):
        return []
    names = {_name(token) for token in after}
    return [_name(t) for t in before if not t.startswith(("*", "/")) and _name(t) not in names]


def _name(token: str) -> str:
    return token.lstrip("*/:").split("=", 1)[0]


def _own_deprecation(api: str, entry: dict) -> str | None:
    """A deprecation of the API as a whole: a decorator, a warning on access, or a message naming it."""
    leaf = api.rsplit(".", 1)[-1]
    for category, text in entry.get("warns", ()):
        if text == "deprecated" or (leaf in text and "deprecat" in text.lower()):
            return text
    access = entry.get("deprecated")
    if access and "deprecat" in access.lower() and leaf in access:
        return access
    return None


def _resolve(apis: dict, api: str) -> dict | None:
    entry = apis.get(api)
    seen = 0
    while entry is not None and "alias_of" in entry and seen < 5:
        entry, seen = apis.get(entry["alias_of"]), seen + 1
    return entry
