"""The one Markdown parser: references become sections (with metadata) and snippets.

The validator, the search index and the skill build all read references
through :func:`parse_reference`; nothing else parses Markdown.
"""

from .document import Reference, Section, Snippet, iter_reference_files, parse_reference, parse_text
from .markers import Markers
from .metadata import KINDS, SectionMeta, Version
from .problems import Problem

__all__ = [
    "KINDS",
    "Markers",
    "Problem",
    "Reference",
    "Section",
    "SectionMeta",
    "Snippet",
    "Version",
    "iter_reference_files",
    "parse_reference",
    "parse_text",
]
