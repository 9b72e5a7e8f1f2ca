"""Compare two parameter lists (``[name, kind, default]`` as the probe writes them) the way a caller feels it.

Each difference gets a severity: ``breaking`` (a call that worked may now fail), ``behaviour``
(the same call may now do something else: a default changed) or ``compatible`` (an optional
parameter was added, a restriction lifted). Annotations and return types are ignored.
"""

from __future__ import annotations

from dataclasses import dataclass

SEVERITIES = ("breaking", "behaviour", "compatible")
_VARIADIC = ("*args", "**kwargs")
_POSITIONAL = ("positional-only", "positional")


@dataclass(frozen=True)
class ParamChange:
    text: str
    severity: str

    def as_dict(self) -> dict:
        return {"text": self.text, "severity": self.severity}


def compare_params(old: list, new: list) -> list[ParamChange]:
    old_by_name = {p[0]: p for p in old}
    new_by_name = {p[0]: p for p in new}
    accepts_any_keyword = any(p[1] == "**kwargs" for p in new)
    changes: list[ParamChange] = []
    for name, kind, default in old:
        if name not in new_by_name:
            label = "*args" if kind == "*args" else "**kwargs" if kind == "**kwargs" else f"`{name}`"
            soft = accepts_any_keyword and kind in ("keyword-only", "positional")
            changes.append(ParamChange(f"parameter {label} removed" + (" (still swallowed by **kwargs)" if soft else ""),
                                       "behaviour" if soft else "breaking"))
    for name, kind, default in new:
        if name in old_by_name:
            changes.extend(_compare_one(old_by_name[name], [name, kind, default]))
        elif kind in _VARIADIC:
            changes.append(ParamChange(f"accepts {kind} now", "compatible"))
        elif default is None:
            changes.append(ParamChange(f"new required parameter `{name}` ({kind})", "breaking"))
        else:
            changes.append(ParamChange(f"new parameter `{name}`={default} ({kind})", "compatible"))
    changes.extend(_order_change(old, new))
    return changes


def _compare_one(old: list, new: list) -> list[ParamChange]:
    name, old_kind, old_default = old
    _, new_kind, new_default = new
    changes = []
    if old_kind != new_kind:
        changes.append(ParamChange(f"`{name}`: {old_kind} -> {new_kind}", _kind_severity(old_kind, new_kind)))
    if old_default != new_default and new_kind not in _VARIADIC:
        if new_default is None:
            changes.append(ParamChange(f"`{name}` lost its default {old_default} (now required)", "breaking"))
        elif old_default is None:
            changes.append(ParamChange(f"`{name}` gained a default {new_default}", "compatible"))
        else:
            changes.append(ParamChange(f"default of `{name}`: {old_default} -> {new_default}", "behaviour"))
    return changes


def _kind_severity(old_kind: str, new_kind: str) -> str:
    """Narrowing how a parameter may be passed breaks callers; widening it does not."""
    can_pass = {
        "positional-only": {"position"},
        "positional": {"position", "keyword"},
        "keyword-only": {"keyword"},
        "*args": {"position"},
        "**kwargs": {"keyword"},
    }
    return "compatible" if can_pass[old_kind] <= can_pass[new_kind] else "breaking"


def _order_change(old: list, new: list) -> list[ParamChange]:
    """Parameters passed by position that now sit at another position."""
    old_order = [p[0] for p in old if p[1] in _POSITIONAL]
    new_order = [p[0] for p in new if p[1] in _POSITIONAL]
    shared = [n for n in old_order if n in new_order]
    if shared != [n for n in new_order if n in old_order]:
        return [ParamChange(f"positional order changed: ({', '.join(old_order)}) -> ({', '.join(new_order)})",
                            "breaking")]
    moved = [n for n in shared if old_order.index(n) != new_order.index(n)]
    if moved and len(shared) == len(old_order):  # after a removal the shift is that removal's consequence
        return [ParamChange(f"`{moved[0]}` moved from position {old_order.index(moved[0])} to "
                            f"{new_order.index(moved[0])}", "breaking")]
    return []


def worst(changes: list[ParamChange]) -> str | None:
    """The most severe severity among changes, or None for no change."""
    found = {change.severity for change in changes}
    return next((severity for severity in SEVERITIES if severity in found), None)
