"""Snippet markers: the words after the language on a code fence.

    ```python name=model timeout=120
    ```python setup=model raises=TypeError match="takes 1 positional"
    ```python requires=cuda reason="FlexAttention's FLASH backend is GPU-only"
    ```python world-size=2
    ```python known-bug
    ```python skip="shows pseudo-code"
    ```python any-version="2.9.1 passes too: the rename shows only in nightly metadata"
    ```cpp name=ext functions=add_one

The vocabulary is small and closed: an unknown marker, or a skip or requirement
without a reason, is an error, so a typo can never silently disable a check.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field

RUNNABLE_LANGUAGES = ("python", "cpp")
SHELL_LANGUAGES = ("bash", "console", "sh", "shell", "text", "toml", "yaml", "json", "diff", "")
FLAGS = ("known-bug",)
VALUED = ("name", "setup", "requires", "reason", "world-size", "raises", "match", "timeout", "skip", "functions",
          "any-version")
_NAME = re.compile(r"^[A-Za-z_][\w-]*$")
_EXCEPTION = re.compile(r"^[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)*$")
_REQUIREMENT = re.compile(r"^(cuda(>=\d+\.\d+)?|module:[A-Za-z_][\w.]*)$")


@dataclass(frozen=True)
class Markers:
    name: str | None = None
    setup: str | None = None
    requires: tuple[str, ...] = ()
    reason: str | None = None
    world_size: int = 1
    raises: str | None = None
    match: str | None = None
    timeout: float | None = None
    skip: str | None = None
    any_version: str | None = None  # why the snippet passes on builds older than its section's since too
    known_bug: bool = False
    functions: tuple[str, ...] = ()
    raw: tuple[str, ...] = field(default_factory=tuple)

    @property
    def needs_cuda(self) -> bool:
        return any(req.startswith("cuda") for req in self.requires)

    def as_dict(self) -> dict:
        """The markers as written, for reports and cache keys."""
        return dict(item.partition("=")[::2] for item in self.raw)


def parse_markers(language: str, words: str) -> Markers:
    """Parse the info string after the language; raises ValueError naming the bad marker."""
    try:
        tokens = shlex.split(words)
    except ValueError as exc:
        raise ValueError(f"cannot split fence markers ({exc})") from None
    values: dict[str, str] = {}
    flags: set[str] = set()
    for token in tokens:
        key, sep, value = token.partition("=")
        if not sep:
            if key not in FLAGS:
                raise ValueError(_unknown(key))
            flags.add(key)
            continue
        if key not in VALUED:
            raise ValueError(_unknown(key))
        if key in values:
            raise ValueError(f"marker {key!r} given twice")
        if not value.strip():
            raise ValueError(f"marker {key}= needs a value")
        values[key] = value
    return _build(language, values, flags, tuple(tokens))


def _unknown(key: str) -> str:
    allowed = ", ".join([*FLAGS, *(f"{name}=" for name in VALUED)])
    return f"unknown marker {key!r} (allowed: {allowed})"


def _build(language: str, values: dict[str, str], flags: set[str], raw: tuple[str, ...]) -> Markers:
    for key in ("name", "setup"):
        if key in values and not _NAME.match(values[key]):
            raise ValueError(f"{key}={values[key]!r} is not a simple name")
    requires = tuple(req.strip() for req in values.get("requires", "").split(",") if req.strip())
    for req in requires:
        if not _REQUIREMENT.match(req):
            raise ValueError(f"requires={req!r}: expected cuda, cuda>=X.Y (capability) or module:NAME")
    if requires and not values.get("reason"):
        raise ValueError('requires= needs reason="why" so a skip always explains itself')
    if "reason" in values and not requires:
        raise ValueError("reason= only goes with requires= (a skip takes its reason as skip=\"...\")")
    if "raises" in values and not _EXCEPTION.match(values["raises"]):
        raise ValueError(f"raises={values['raises']!r} is not an exception name")
    if "match" in values:
        if "raises" not in values and "known-bug" not in flags:
            raise ValueError("match= only goes with raises= or known-bug")
        try:
            re.compile(values["match"])
        except re.error as exc:
            raise ValueError(f"match= is not a valid regular expression ({exc})") from None
    world_size = _positive_int(values, "world-size", default=1, upper=8)
    timeout = _positive_float(values, "timeout")
    if "functions" in values and language != "cpp":
        raise ValueError("functions= only goes on cpp blocks")
    if language == "cpp" and values.get("name") is None:
        raise ValueError("a cpp block needs name=NAME: the module a later python block uses via setup=NAME")
    functions = tuple(fn.strip() for fn in values.get("functions", "").split(",") if fn.strip())
    return Markers(
        name=values.get("name"),
        setup=values.get("setup"),
        requires=requires,
        reason=values.get("reason"),
        world_size=world_size,
        raises=values.get("raises"),
        match=values.get("match"),
        timeout=timeout,
        skip=values.get("skip"),
        any_version=values.get("any-version"),
        known_bug="known-bug" in flags,
        functions=functions,
        raw=raw,
    )


def _positive_int(values: dict[str, str], key: str, default: int, upper: int) -> int:
    if key not in values:
        return default
    try:
        number = int(values[key])
    except ValueError:
        raise ValueError(f"{key}={values[key]!r} is not a whole number") from None
    if not 1 <= number <= upper:
        raise ValueError(f"{key}={number} is out of range 1..{upper}")
    return number


def _positive_float(values: dict[str, str], key: str) -> float | None:
    if key not in values:
        return None
    try:
        number = float(values[key])
    except ValueError:
        raise ValueError(f"{key}={values[key]!r} is not a number of seconds") from None
    if not 0 < number <= 3600:
        raise ValueError(f"{key}={number} is out of range (0, 3600] seconds")
    return number
