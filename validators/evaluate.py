"""Turn a raw outcome from the fork server into a status, given the snippet's markers."""

from __future__ import annotations

import re

from .markdown import Markers
from .results import FAILED, KNOWN_BUG, KNOWN_BUG_FIXED, PASSED, TIMEOUT


def evaluate(markers: Markers, outcome: dict) -> tuple[str, str]:
    """Return (status, message)."""
    kind = outcome["outcome"]
    if kind == "timeout":
        return TIMEOUT, outcome.get("message", "timed out")
    if kind == "crash":
        return FAILED, _with_output(outcome["message"], outcome)
    raised = kind == "exception"
    if markers.known_bug:
        return _known_bug(markers, outcome) if raised else (KNOWN_BUG_FIXED, "the bug no longer reproduces")
    if markers.raises:
        if not raised:
            return FAILED, f"expected {markers.raises} to be raised, but the snippet finished normally"
        return _expected_raise(markers, outcome)
    if raised:
        return FAILED, outcome["traceback"].rstrip()
    return PASSED, ""


def _expected_raise(markers: Markers, outcome: dict) -> tuple[str, str]:
    got = f"{outcome['exc_type']}: {outcome['message']}"
    if not _type_matches(markers.raises, outcome["exc_mro"]):
        return FAILED, f"expected {markers.raises}, got {got}\n{outcome['traceback'].rstrip()}"
    if markers.match and not re.search(markers.match, outcome["message"]):
        return FAILED, f"{markers.raises} raised, but its message does not match {markers.match!r}: {got}"
    return PASSED, ""


def _known_bug(markers: Markers, outcome: dict) -> tuple[str, str]:
    if not _type_matches("AssertionError", outcome["exc_mro"]):
        got = f"{outcome['exc_type']}: {outcome['message']}"
        return FAILED, f"a known-bug snippet must fail by AssertionError, got {got}\n{outcome['traceback'].rstrip()}"
    if markers.match and not re.search(markers.match, outcome["message"]):
        return FAILED, f"the assertion message does not match {markers.match!r}: {outcome['message']}"
    return KNOWN_BUG, "still reproduces"


def _type_matches(expected: str, mro: list[str]) -> bool:
    """``raises=RuntimeError`` matches by short or qualified name, subclasses included."""
    return any(name == expected or name.rsplit(".", 1)[-1] == expected or name.endswith("." + expected) for name in mro)


def _with_output(message: str, outcome: dict) -> str:
    output = (outcome.get("output") or "").strip()
    return f"{message}\n--- output (tail) ---\n{output}" if output else message
