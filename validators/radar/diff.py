"""What changed between two API surfaces: added, removed, renamed, changed and newly deprecated names.

A name counts as removed when it is gone, or when it survives only as a stub that always
raises (``torch.cholesky`` in 2.14). Names under a module that was skipped or failed to
import on either side are not compared: unknown is not absent. When a class or module
is added or removed as a whole, its members are folded into that one change.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass, field

from .params import compare_params, worst
from .renames import find_renames, replacement_in
from .surface import ApiSurface

CHANGE_TYPES = ("removed", "renamed", "changed", "deprecated", "added")
MEMBERS_SHOWN = 12


@dataclass(frozen=True)
class Change:
    api: str
    change: str  # one of CHANGE_TYPES
    kind: str  # module, class, function, method, property, attribute
    severity: str  # breaking, behaviour, compatible
    details: tuple[str, ...] = ()
    replacement: str | None = None  # the new name of a renamed API, or the one a removal message points to

    def as_dict(self) -> dict:
        return {key: value for key, value in asdict(self).items() if value not in (None, ())}


@dataclass
class ApiDiff:
    old: ApiSurface
    new: ApiSurface
    changes: list[Change]
    not_compared: dict[str, str] = field(default_factory=dict)  # module -> why

    def of(self, change: str) -> list[Change]:
        return [c for c in self.changes if c.change == change]

    def find(self, api: str) -> list[Change]:
        return [c for c in self.changes if c.api == api or c.replacement == api]

    def counts(self) -> dict[str, int]:
        found = Counter(c.change for c in self.changes)
        return {name: found.get(name, 0) for name in CHANGE_TYPES}

    def as_dict(self) -> dict:
        return {"old": self.old.summary(), "new": self.new.summary(), "counts": self.counts(),
                "not_compared": self.not_compared, "changes": [c.as_dict() for c in self.changes]}


def diff_surfaces(old: ApiSurface, new: ApiSurface) -> ApiDiff:
    not_compared = _not_compared(old, new)
    removed, added, changes = [], [], []
    for path in sorted(old.apis.keys() | new.apis.keys()):
        before, after = old.apis.get(path), new.apis.get(path)
        if _unknown(path, not_compared) or _unknown((before or after)["module"], not_compared):
            continue
        if after is None:
            removed.append(_removed(path, before, old, new))
        elif before is None:
            added.append(Change(path, "added", after["kind"], "compatible"))
        elif before["kind"] != after["kind"]:
            changes.append(_kind_change(path, before, after))
        elif "alias_of" not in after:  # an alias is compared where its object was described, once
            changes.extend(_compare(path, old.resolve(path) or before, new.resolve(path) or after, new))
    stubs = [c for c in changes if c.change == "removed"]  # still defined but raising: never a rename
    renames, removed, added = find_renames(removed, added, old, new)
    # members follow their class or module: fold them into the change of the outermost one
    gone = _fold_members(removed + stubs, extra_parents={c.api for c in renames})
    added = _fold_members(added, extra_parents={c.replacement for c in renames})
    changes = [c for c in changes if c.change != "removed"]
    everything = gone + renames + changes + added
    order = {name: i for i, name in enumerate(CHANGE_TYPES)}
    everything.sort(key=lambda c: (order[c.change], c.api))
    return ApiDiff(old=old, new=new, changes=everything, not_compared=not_compared)


def _not_compared(old: ApiSurface, new: ApiSurface) -> dict[str, str]:
    why: dict[str, str] = {}
    for label, surface in (("old", old), ("new", new)):
        for module, error in surface.failed.items():
            why.setdefault(module, f"import failed in the {label} build: {error}")
        for module in surface.skipped:
            why.setdefault(module, f"skipped in the {label} build (time budget spent)")
    return why


def _unknown(path: str, not_compared: dict[str, str]) -> bool:
    """The path, or a module it lives under, was not looked at in one of the builds."""
    parts = path.split(".")
    return any(".".join(parts[:cut]) in not_compared for cut in range(1, len(parts) + 1))


def _removed(path: str, before: dict, old: ApiSurface, new: ApiSurface) -> Change:
    home = before.get("alias_of") or before.get("home")
    if home and home != path and new.works(home):  # only this re-export went away; the object lives on at its first path
        return Change(path, "removed", before["kind"], "breaking", (f"still available as {home}",), home)
    entry = old.resolve(path) or before
    message = entry.get("deprecated") or entry.get("raises")
    return Change(path, "removed", entry["kind"], "breaking", replacement=replacement_in(message, path, new))


def _compare(path: str, before: dict, after: dict, new: ApiSurface) -> list[Change]:
    kind = after["kind"]
    if "raises" in after and "raises" not in before:
        detail = f"still defined, but always raises: {after['raises']}"
        return [Change(path, "removed", kind, "breaking", (detail,), replacement_in(after["raises"], path, new))]
    found = []
    if "params" in before and "params" in after:
        params = compare_params(before["params"], after["params"])
        if params:
            found.append(Change(path, "changed", kind, worst(params), tuple(p.text for p in params)))
    if "deprecated" in after and "deprecated" not in before and "raises" not in after:
        found.append(Change(path, "deprecated", kind, "behaviour", (after["deprecated"],),
                            replacement_in(after["deprecated"], path, new)))
    return found


def _a(noun: str) -> str:
    return ("an " if noun[:1] in "aeiou" else "a ") + noun


def _kind_change(path: str, before: dict, after: dict) -> Change:
    was = before["kind"] if before["kind"] != "attribute" else f"{before.get('type', 'plain')} object"
    return Change(path, "changed", after["kind"], "breaking", (f"was {_a(was)}, now {_a(after['kind'])}",))


def _fold_members(changes: list[Change], extra_parents) -> list[Change]:
    """Drop changes under a path that itself changed (or under extra_parents); name them on that parent."""
    paths = {c.api for c in changes} | set(extra_parents)
    folded: dict[str, list[str]] = {}
    kept = []
    for c in changes:
        parent = _outermost_parent(c.api, paths)
        if parent is None:
            kept.append(c)
        else:
            folded.setdefault(parent, []).append(c.api[len(parent) + 1 :])
    result = []
    for c in kept:
        members = folded.get(c.api)
        if members:
            direct = [m for m in members if "." not in m] or members  # name a module's functions, not their methods
            shown = ", ".join(direct[:MEMBERS_SHOWN]) + (", ..." if len(direct) > MEMBERS_SHOWN else "")
            c = Change(c.api, c.change, c.kind, c.severity, (*c.details, f"{len(members)} member{'s' if len(members) > 1 else ''}: {shown}"),
                       c.replacement)
        result.append(c)
    return result


def _outermost_parent(path: str, paths: set[str]) -> str | None:
    parts = path.split(".")
    for cut in range(1, len(parts)):
        candidate = ".".join(parts[:cut])
        if candidate in paths:
            return candidate
    return None
