"""The section metadata line.

A section that describes a change carries, as the first line after its heading,
a blockquote that people and agents can read in the raw file::

    > meta: since=2.6; kind=breaking; api=torch.load, torch.serialization.add_safe_globals

Keys: ``since``, ``default``, ``deprecated``, ``removed`` (versions like ``2.6`` or ``2.14.1``),
``kind`` (one of :data:`KINDS`), ``api`` (comma-separated dotted names) and ``source``
(comma-separated https links to the upstream record: release-notes item, docs page, issue or PR).
``kind`` and at least one version are required; anything else is an error.

Each version key is an *event* of the change, in its release: ``since`` (it arrived; opt-in when a
``default`` follows), ``default`` (it became the default), ``deprecated``, ``removed``. A change
with two moments, e.g. opt-in in 2.14 and the default in 2.15, carries both, and each release's
"what changed" lists it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

META_PREFIX = "> meta:"
KINDS = ("breaking", "deprecation", "new", "behaviour-change", "known-bug", "security")
VERSION_KEYS = ("since", "default", "deprecated", "removed")
# What each event is called where a release's changes are listed (whats-new, the upgrade checklist).
EVENT_LABELS = {"since": "since", "default": "default", "deprecated": "deprecated", "removed": "removed"}
PART_LIMIT = 1_000  # minor and patch numbers below this: sort keys fit the index's 32-bit columns
_VERSION = re.compile(r"^(\d+)\.(\d+)(?:\.(\d+))?$")
# (text: compiled when first asked; a check with fresh cached rules parses no metadata)
_API = r"^[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)*$"
_SOURCE = r"^https://[^\s,;<>\"']+$"


@dataclass(frozen=True, order=True)
class Version:
    """A torch release, ``2.6`` or ``2.6.1``; ordered by its parts."""

    major: int
    minor: int
    patch: int = 0

    @classmethod
    def parse(cls, text: str) -> "Version":
        """Parse ``2.6`` / ``2.14.1``; local parts (``+cpu``) and pre-releases are dropped."""
        core = re.split(r"[+a-z]", text.strip(), maxsplit=1)[0]
        match = _VERSION.match(core)
        if not match:
            raise ValueError(f"not a version: {text!r} (expected e.g. 2.6 or 2.14.1)")
        version = cls(int(match[1]), int(match[2]), int(match[3] or 0))
        if version.minor >= PART_LIMIT or version.patch >= PART_LIMIT or version.major >= 2_000:
            raise ValueError(f"not a version: {text!r} (minor and patch below {PART_LIMIT:,})")
        return version

    @property
    def sort_key(self) -> int:
        """An integer that sorts like the version (string compare puts 2.10 before 2.5); distinct for
        every minor and patch that parse() accepts (2.9.100 is not 2.10)."""
        return (self.major * PART_LIMIT + self.minor) * PART_LIMIT + self.patch

    def __str__(self) -> str:
        return f"{self.major}.{self.minor}" + (f".{self.patch}" if self.patch else "")


@dataclass(frozen=True)
class SectionMeta:
    """A section's ``> meta:`` line: its kind, its versions, its APIs and sources."""

    kind: str
    since: Version | None = None
    default: Version | None = None
    deprecated: Version | None = None
    removed: Version | None = None
    apis: tuple[str, ...] = field(default_factory=tuple)
    sources: tuple[str, ...] = field(default_factory=tuple)

    def versions(self) -> dict[str, Version]:
        return {key: getattr(self, key) for key in VERSION_KEYS if getattr(self, key) is not None}

    def events(self) -> list[tuple[str, Version]]:
        """(event, release) in release order: since, default, deprecated, removed, as given."""
        return sorted(self.versions().items(), key=lambda item: (item[1], VERSION_KEYS.index(item[0])))

    def describe(self) -> str:
        parts = [f"{key} {value}" for key, value in self.versions().items()]
        return ", ".join([self.kind, *parts])


# (text: re compiles it when first asked)
_META_LIKE = r"(?i)^\s*>\s*meta\b"


def is_meta_line(line: str) -> bool:
    """True for anything that tries to be a metadata line, typos included, so none is ignored."""
    return bool(re.match(_META_LIKE, line))


def parse_meta(line: str) -> SectionMeta:
    """Parse one ``> meta:`` line; raises ValueError with a message fit for a user."""
    if not line.strip().startswith(META_PREFIX):
        raise ValueError(f"metadata line must start with {META_PREFIX!r}")
    body = line.strip()[len(META_PREFIX) :].strip()
    if not body:
        raise ValueError("empty metadata line")
    values: dict[str, str] = {}
    for item in body.split(";"):
        item = item.strip()
        if not item:
            continue
        key, sep, value = item.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not value:
            raise ValueError(f"metadata item {item!r} is not key=value")
        if key not in (*VERSION_KEYS, "kind", "api", "source"):
            raise ValueError(f"unknown metadata key {key!r} (allowed: {', '.join(VERSION_KEYS)}, kind, api, source)")
        if key in values:
            raise ValueError(f"metadata key {key!r} given twice")
        values[key] = value

    kind = values.get("kind")
    if kind is None:
        raise ValueError("metadata needs kind=... (one of " + ", ".join(KINDS) + ")")
    if kind not in KINDS:
        raise ValueError(f"unknown kind {kind!r} (one of " + ", ".join(KINDS) + ")")
    versions = {key: Version.parse(values[key]) for key in VERSION_KEYS if key in values}
    if not versions:
        raise ValueError("metadata needs at least one of since=, default=, deprecated=, removed=")
    if "default" in versions and "since" in versions and versions["default"] <= versions["since"]:
        raise ValueError("default= is the release where an opt-in (since=) became the default: it must come "
                         "after since=")
    apis = tuple(name.strip().strip("`") for name in values.get("api", "").split(",") if name.strip())
    for name in apis:
        if not re.match(_API, name):
            raise ValueError(f"api {name!r} is not a dotted Python name")
    sources = tuple(link.strip() for link in values.get("source", "").split(",") if link.strip())
    for link in sources:
        if not re.match(_SOURCE, link):
            raise ValueError(f"source {link!r} is not an https link (release notes, docs page, issue or PR)")
    return SectionMeta(kind=kind, apis=apis, sources=sources, **versions)
