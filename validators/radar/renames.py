"""Pair removed names with added ones (renames and moves), and read replacements out of messages.

A removal followed by an addition is a rename when the evidence is unambiguous:
the same leaf name moved to another module (exactly one candidate), or a sibling
with the same kind and the very same parameters appeared (exactly one candidate).
Removal stubs and deprecation warnings usually name the replacement themselves.
"""

from __future__ import annotations

import re
from collections import defaultdict
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .diff import Change
    from .surface import ApiSurface

_DOTTED = re.compile(r"\btorch(?:\.[A-Za-z_]\w*)+")


def replacement_in(message: str | None, path: str, new: ApiSurface) -> str | None:
    """The first torch name a message mentions, other than path itself, that works in the new build."""
    if not message:
        return None
    for match in _DOTTED.finditer(message):
        name = match.group(0).rstrip(".")
        if name != path and not path.startswith(name + ".") and new.works(name):
            return name
    return None


def find_renames(removed: list[Change], added: list[Change], old: ApiSurface,
                 new: ApiSurface) -> tuple[list[Change], list[Change], list[Change]]:
    """(renames, removals left, additions left)."""
    from .diff import Change

    by_leaf: dict[tuple[str, str], list[Change]] = defaultdict(list)
    by_parent: dict[tuple[str, str], list[Change]] = defaultdict(list)
    for change in added:
        parent, _, leaf = change.api.rpartition(".")
        by_leaf[(leaf, change.kind)].append(change)
        by_parent[(parent, change.kind)].append(change)
    renames, left, taken = [], [], set()
    for change in removed:
        target = _moved(change, by_leaf) or _same_signature(change, by_parent, old, new)
        if target is None or target.api in taken:
            left.append(change)
            continue
        taken.add(target.api)
        detail = f"{'moved' if _leaf(change.api) == _leaf(target.api) else 'renamed'} to {target.api}"
        renames.append(Change(change.api, "renamed", change.kind, "breaking", (detail,), target.api))
    return renames, left, [c for c in added if c.api not in taken]


def _moved(change: Change, by_leaf) -> Change | None:
    if change.kind not in ("function", "class", "module"):  # method names (forward, get) repeat everywhere
        return None
    candidates = by_leaf.get((_leaf(change.api), change.kind), [])
    return candidates[0] if len(candidates) == 1 else None


def _same_signature(change: Change, by_parent, old: ApiSurface, new: ApiSurface) -> Change | None:
    if change.kind not in ("function", "method", "class"):
        return None
    before = old.resolve(change.api) or {}
    if not before.get("params"):  # an empty or unknown signature matches too much
        return None
    parent = change.api.rpartition(".")[0]
    candidates = [c for c in by_parent.get((parent, change.kind), [])
                  if (new.resolve(c.api) or {}).get("params") == before["params"]]
    return candidates[0] if len(candidates) == 1 else None


def _leaf(path: str) -> str:
    return path.rpartition(".")[2]
