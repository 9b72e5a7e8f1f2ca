"""The badges shown on a result: its kind, its versions, whether its code ran, and where.

Verification comes from the structured ``verification`` field when a hit has one (status:
verified, failed, not-run, stale, not-validated or no-snippet; torch, devices, date, reason)
and otherwise from the readable ``verified`` text, e.g. "verified on torch 2.15.0 cpu (2 snippets)".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_VERIFIED_TEXT = re.compile(r"^(?P<status>verified|FAILED) on torch (?P<torch>\S+) (?P<devices>[\w:, -]+?)(?: \(|;|$)")


@dataclass(frozen=True)
class Badge:
    label: str
    css: str  # a class name in site.css: kind-breaking, version, verified-ok, ...
    title: str = ""


def hit_badges(hit, torch_version: str | None = None) -> list[Badge]:
    badges = [Badge(hit.kind or "overview", f"kind kind-{hit.kind or 'overview'}", "kind of change")]
    for label, value in (("since", hit.since), ("default", getattr(hit, "default", None)),
                         ("deprecated", hit.deprecated), ("removed", hit.removed)):
        if value:
            badges.append(Badge(f"{label} {value}", f"version version-{label}", f"{label} in torch {value}"))
    applies = getattr(hit, "applies", None)
    if torch_version and applies is not None:
        badges.append(Badge(f"applies to {torch_version}" if applies else f"not yet in {torch_version}",
                            "applies" if applies else "applies applies-no"))
    if hasattr(hit, "verified"):
        badges.append(verification_badge(hit))
    return badges


def verification_badge(hit) -> Badge:
    structured = getattr(hit, "verification", None)
    if structured is not None:
        status = str(_field(structured, "status") or "")
        devices = _field(structured, "devices") or []
        devices = ", ".join(devices) if isinstance(devices, (list, tuple)) else str(devices)
        torch, date = _field(structured, "torch"), _field(structured, "date")
        details = " · ".join(str(part) for part in (torch and f"torch {torch}", devices, date) if part)
        return _status_badge(status, details, _field(structured, "reason") or hit.verified)
    match = _VERIFIED_TEXT.match(hit.verified or "")
    if match:
        details = f"torch {match['torch']} · {match['devices'].strip()}"
        return _status_badge(match["status"], details, hit.verified)
    return Badge(hit.verified or "not validated yet", "verified verified-none", "whether the section's code ran")


def _status_badge(status: str, details: str, text: str) -> Badge:
    lowered = status.lower()
    if "fail" in lowered or "error" in lowered:
        state, word = "failed", "failed"
    elif lowered in ("verified", "passed", "ok", "pass"):
        state, word = "ok", "verified"
    elif lowered == "stale":
        state, word = "stale", "changed since validated"
    else:
        state, word = "none", lowered.replace("_", " ").replace("-", " ") or "not validated"
    label = f"{word} · {details}" if details else word
    return Badge(label, f"verified verified-{state}", text)


def _field(value, name: str):
    return value.get(name) if isinstance(value, dict) else getattr(value, name, None)
