"""Hold an API diff against the references' ``api=`` metadata.

Two kinds of gap:
- a removed, renamed, signature-changed or added public API that no section names in its ``api=`` list
  (an addition is covered by a section naming it, one of its members, or another path of the same object);
- a section naming an API that does not work in the new build (gone, or a stub that always
  raises), unless the section says ``removed=`` at or before that build, or ``since=`` after it.
Either is fine when ``coverage-gaps.toml`` lists it with a reason; anything else fails.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..markdown import Section, Version
from .diff import ApiDiff, Change
from .gaps import DeliberateGap, first_match
from .params import SEVERITIES

REQUIRED_CHANGES = ("removed", "renamed", "changed", "added")
DEFAULT_SEVERITY = "behaviour"  # a new optional parameter alone needs no section; additions are always required


@dataclass(frozen=True)
class StaleSection:
    section: str  # section id
    file: str
    line: int
    api: str
    why: str

    def as_dict(self) -> dict:
        return {"section": self.section, "file": self.file, "line": self.line, "api": self.api, "why": self.why}


@dataclass
class CoverageReport:
    diff: ApiDiff
    severity: str = DEFAULT_SEVERITY
    gaps: list[Change] = field(default_factory=list)  # uncovered and not listed: these fail
    stale: list[StaleSection] = field(default_factory=list)  # these fail too
    covered: dict[str, tuple[str, ...]] = field(default_factory=dict)  # api -> section ids
    listed: dict[str, DeliberateGap] = field(default_factory=dict)  # api -> the gap entry that excuses it
    unchecked: dict[str, str] = field(default_factory=dict)  # section api -> why it could not be checked
    unused: list[DeliberateGap] = field(default_factory=list)

    def failed(self) -> bool:
        return bool(self.gaps or self.stale)

    def as_dict(self) -> dict:
        return {
            "old": self.diff.old.summary(), "new": self.diff.new.summary(), "failed": self.failed(),
            "severity": self.severity,
            "gaps": [c.as_dict() for c in self.gaps], "stale_sections": [s.as_dict() for s in self.stale],
            "covered": {api: list(ids) for api, ids in self.covered.items()},
            "listed": {api: {"pattern": g.api, "reason": g.reason} for api, g in self.listed.items()},
            "unchecked": self.unchecked,
            "unused_gaps": [{"api": g.api, "reason": g.reason} for g in self.unused],
        }


def python_apis(sections: list[Section]) -> set[str]:
    """The dotted torch names sections mention (C++ names like ``torch::stable::Tensor`` are not Python API)."""
    return {api for s in sections if s.meta for api in s.meta.apis if api == "torch" or api.startswith("torch.")}


def check_coverage(diff: ApiDiff, sections: list[Section], gaps: list[DeliberateGap],
                   required: tuple[str, ...] = REQUIRED_CHANGES,
                   severity: str = DEFAULT_SEVERITY) -> CoverageReport:
    """Changes of the required types, at least as severe as ``severity``, each need a section or a gap entry."""
    report = CoverageReport(diff=diff, severity=severity)
    severe_enough = set(SEVERITIES[: SEVERITIES.index(severity) + 1])
    mentioned: dict[str, list[str]] = {}
    for section in sections:
        for api in section.meta.apis if section.meta else ():
            mentioned.setdefault(api, []).append(section.id)
    used: set[int] = set()
    same_object = _paths_by_object(diff.new)
    for change in diff.changes:
        if change.change not in required or (change.change != "added" and change.severity not in severe_enough):
            continue
        names = _names_for(change, diff, same_object)
        ids = sorted({sid for name in names for sid in mentioned.get(name, ())})
        if not ids and change.change == "added":  # a new module or class is covered by a section on a member
            ids = sorted({sid for api, found in mentioned.items() if api.startswith(change.api + ".") for sid in found})
        if ids:
            report.covered[change.api] = tuple(ids)
            continue
        gap = first_match(gaps, *names)
        if gap:
            report.listed[change.api] = gap
            used.add(gap.index)
        else:
            report.gaps.append(change)
    for stale in _stale_sections(diff, sections, report):
        gap = first_match(gaps, stale.api)
        if gap:
            report.listed[stale.api] = gap
            used.add(gap.index)
        else:
            report.stale.append(stale)
    report.unused = [gap for gap in gaps if gap.index not in used]
    return report


def _names_for(change: Change, diff: ApiDiff, same_object: dict[str, set[str]]) -> list[str]:
    """The change's own name, its new name if renamed, and for a changed signature the object's other paths.

    A removal's replacement does not count: naming torch.linalg.cholesky does not cover Tensor.cholesky,
    nor does naming torch.distributed.fsdp.fully_shard cover a module that stopped re-exporting it.
    """
    names = [change.api, change.replacement if change.change == "renamed" else None]
    surfaces = {"changed": (diff.old, diff.new), "added": (diff.new,)}.get(change.change, ())
    for surface in surfaces:
        entry = surface.apis.get(change.api)
        if entry and "alias_of" in entry:
            names.append(entry["alias_of"])
    if change.change == "added":  # a new object's re-exports, or a new member of a re-exported class
        parts = change.api.split(".")
        for cut in range(len(parts), 1, -1):
            prefix, rest = ".".join(parts[:cut]), parts[cut:]
            names.extend(".".join([other, *rest]) for other in same_object.get(prefix, ()))
    return [name for name in names if name]


def _paths_by_object(surface) -> dict[str, set[str]]:
    """Each path -> the other paths of the same object (re-exports point to it by ``alias_of`` or ``home``)."""
    groups: dict[str, set[str]] = {}
    for path, entry in surface.apis.items():
        target = entry.get("alias_of") or entry.get("home")
        if target and target != path:
            group = groups.setdefault(target, {target}) | groups.get(path, {path})
            for member in group:
                groups[member] = group
    return {path: group - {path} for path, group in groups.items()}


def _stale_sections(diff: ApiDiff, sections: list[Section], report: CoverageReport):
    new = diff.new
    new_version = Version.parse(new.version)
    for section in sections:
        if not section.meta:
            continue
        removed, since = section.meta.removed, section.meta.since
        if removed is not None and removed <= new_version:
            continue  # the section documents the removal: the API is meant to be gone
        if since is not None and since > new_version:
            continue  # about a later release than the new build: the API is not there yet
        for api in section.meta.apis:
            if not (api == "torch" or api.startswith("torch.")):
                continue
            unknown = _unverifiable(api, new)
            if unknown:
                report.unchecked[api] = unknown
                continue
            entry = new.resolve(api)
            if entry is None:
                why = f"not found in torch {new.version}"
            elif "raises" in entry:
                why = f"always raises in torch {new.version}: {entry['raises']}"
            else:
                continue
            yield StaleSection(section.id, section.file, section.line_start, api, why)


def _unverifiable(api: str, new) -> str | None:
    parts = api.split(".")
    for cut in range(len(parts), 0, -1):
        module = ".".join(parts[:cut])
        if module in new.failed:
            return f"{module} cannot be imported in the new build: {new.failed[module]}"
    return None
