"""The one Markdown parser: references become sections (with metadata) and snippets.

The validator, the search index and the skill build all read references
through :func:`parse_reference`; nothing else parses Markdown.

Names are loaded on first use: ``torchpatch check`` needs ``Version`` and the file listing on every run,
but the parser itself only when its rule cache is stale.
"""

from __future__ import annotations

from importlib import import_module

_HOMES = {
    "KINDS": "metadata",
    "Markers": "markers",
    "Problem": "problems",
    "Reference": "document",
    "Section": "document",
    "SectionMeta": "metadata",
    "Snippet": "document",
    "Version": "metadata",
    "iter_reference_files": "files",
    "parse_reference": "document",
    "parse_text": "document",
}

__all__ = sorted(_HOMES)


def __getattr__(name: str):
    try:
        home = _HOMES[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    value = getattr(import_module(f".{home}", __name__), name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOMES})
