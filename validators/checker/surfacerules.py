"""Rules read off the stored surface records (the radar's data), each pointing at the section that covers it.

For every API a section's ``api=`` names, the records say in which release it stopped working
(gone, or a stub that always raises) and in which release its source started to warn that it is
deprecated. When one of the section's versions is that very release, the section covers the event
and the API gets a rule:

- removed: any use is an error from that release on;
- deprecated: any use warns from that release on, but only for a message that names the API itself
  and calls it deprecated, or a ``@deprecated`` decorator, or a warning on attribute access: a
  warning about one argument (DDP's ``broadcast_buffers``) must not flag every call.

Methods of ``torch.Tensor`` are left out (a method rule would see any ``.name(...)`` call), as are
APIs an explicit or metadata rule already covers.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterable

from ..markdown import Section, Version
from .rule import Rule

RECORDS_DIR = Path(__file__).resolve().parents[1] / "radar" / "surfaces"  # radar.surface_records.RECORDS_DIR
_KINDS = ("breaking", "deprecation", "security", "behaviour-change")


def rules_from_surface(sections: Iterable[Section], covered: set[str], not_flagged: frozenset[str],
                       records_dir: str | Path | None = None) -> list[Rule]:
    events = surface_events(records_dir)
    rules, done = [], set()
    for section in sections:
        meta = section.meta
        if meta is None or meta.kind not in _KINDS:
            continue
        releases = {(v.major, v.minor) for v in meta.versions().values()}
        for api in meta.apis:
            if api in covered or api in not_flagged or api.startswith("torch.Tensor.") or api not in events:
                continue
            for event, (version, message) in events[api].items():
                if (version.major, version.minor) in releases and (api, event) not in done:
                    done.add((api, event))  # one rule per event: the first section (in reading order) that covers it
                    rules.append(_rule(section, api, event, version, message))
    return rules


def _rule(section: Section, api: str, event: str, version: Version, message: str) -> Rule:
    said = f": {message}" if message else ""
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
    key = tuple((str(f), f.stat().st_mtime_ns) for f in files)
    if key not in _cache:
        _cache.clear()
        _cache[key] = _events([json.loads(f.read_text(encoding="utf-8")) for f in files])
    return _cache[key]


def _events(records: list[dict]) -> dict[str, dict[str, tuple[Version, str]]]:
    records = sorted(records, key=lambda r: Version.parse(r["torch"]).sort_key)
    events: dict[str, dict[str, tuple[Version, str]]] = {}
    for old, new in zip(records, records[1:]):
        version = Version.parse(new["torch"])
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
            if entry is None or earlier is None or "raises" in entry:
                continue
            message = _own_deprecation(api, entry)
            if message and not _own_deprecation(api, earlier):
                events.setdefault(api, {}).setdefault("deprecated", (version, message))
    return events


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
