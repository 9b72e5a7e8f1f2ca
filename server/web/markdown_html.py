"""A section's Markdown as HTML: CommonMark with tables, raw HTML off, code highlighted,
and in-file anchor links (``#anchor``) pointed at the section pages of this site."""

from __future__ import annotations

import functools
import re
from urllib.parse import quote

from markdown_it import MarkdownIt

from .highlight import highlight_block

_META_LINE = re.compile(r"^\s*>\s*meta:", re.I)
_MD = MarkdownIt("commonmark", {"html": False, "highlight": lambda code, lang, _attrs: highlight_block(code, lang)})
_MD.enable("table")


def section_url(section_id: str) -> str:
    """``reference#anchor`` -> ``/s/reference/anchor``: a '#' would start the URL's fragment."""
    reference, _, anchor = section_id.partition("#")
    return f"/s/{quote(reference)}/{quote(anchor)}" if anchor else f"/s/{quote(reference)}"


def section_body(text: str) -> str:
    """The section without its heading line and ``> meta:`` line: the page shows both as a title and badges."""
    lines = text.strip("\n").splitlines()
    if lines and lines[0].lstrip().startswith("#"):
        lines = lines[1:]
    return "\n".join(line for line in lines if not _META_LINE.match(line)).strip("\n")


@functools.lru_cache(maxsize=2048)
def render_inline(text: str) -> str:
    """One line of Markdown (a summary): code spans and emphasis, no paragraph around it."""
    return _MD.renderInline(text)


@functools.lru_cache(maxsize=1024)
def render_section(text: str, reference: str) -> str:
    """Sections do not change while the server runs; caching keeps live search results cheap."""
    tokens = _MD.parse(section_body(text))
    for token in tokens:
        for child in token.children or ():
            href = child.attrGet("href") if child.type == "link_open" else None
            if isinstance(href, str) and href.startswith("#") and len(href) > 1:
                child.attrSet("href", section_url(f"{reference}{href}"))
    return _MD.renderer.render(tokens, _MD.options, {})
