"""Check that every relative link in a folder of Markdown files resolves: the file and its ``#anchor``.

Headings and code fences come from the shared lexer and anchors from the shared
``slugify`` (H2/H3 anchors straight from :func:`parse_text`, so a link and a search
hit's section id always agree). A broken link is a :class:`Problem`, not an error.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

from torchpatch.validators.markdown import Problem, parse_text
from torchpatch.validators.markdown.document import slugify
from torchpatch.validators.markdown.lexer import Fence, Heading, lex

# [text](target) or [text](target "title"); images too. Inline code is blanked out first.
_LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1")
_EXTERNAL = re.compile(r"^[a-z][a-z0-9+.-]*:", re.IGNORECASE)  # http:, https:, mailto:, ...


def heading_anchors(text: str, file: str = "<text>") -> set[str]:
    """Every anchor a heading of this Markdown produces (GitHub's rules)."""
    tokens, _ = lex(text.splitlines())
    anchors = {section.anchor for section in parse_text(text, file).sections}
    # H1 and H4+ are not sections but are still link targets.
    anchors.update(slugify(t.text) for t in tokens if isinstance(t, Heading) and t.level not in (2, 3))
    return anchors


def relative_links(text: str) -> list[tuple[int, str]]:
    """(line, target) of each link outside code that points inside the repository, not to the web."""
    lines = text.splitlines()
    tokens, _ = lex(lines)
    in_code = {n for t in tokens if isinstance(t, Fence) for n in range(t.line, t.end_line + 1)}
    found = []
    for number, line in enumerate(lines, start=1):
        if number in in_code:
            continue
        for match in _LINK.finditer(_INLINE_CODE.sub("", line)):
            target = match.group(1)
            if not _EXTERNAL.match(target):
                found.append((number, target))
    return found


def check_links(files: list[Path], root: Path) -> list[Problem]:
    """Problems for links in ``files`` whose file or anchor does not exist; paths shown relative to ``root``."""
    anchors_by_file: dict[Path, set[str]] = {}

    def anchors_of(path: Path) -> set[str]:
        if path not in anchors_by_file:
            anchors_by_file[path] = heading_anchors(path.read_text(encoding="utf-8"), str(path))
        return anchors_by_file[path]

    problems = []
    for source in files:
        shown = _shown(source, root)
        for line, target in relative_links(source.read_text(encoding="utf-8")):
            path_part, _, anchor = target.partition("#")
            destination = (source.parent / unquote(path_part)).resolve() if path_part else source.resolve()
            if not destination.exists():
                problems.append(Problem(shown, line, f"link to {target}: no file {_shown(destination, root)}"))
            elif anchor and destination.suffix == ".md" and unquote(anchor) not in anchors_of(destination):
                problems.append(Problem(shown, line, f"link to {target}: no heading with anchor #{anchor} "
                                                     f"in {_shown(destination, root)}"))
    return problems


def _shown(path: Path, root: Path) -> str:
    try:
        return str(path.resolve().relative_to(root.resolve()))
    except ValueError:
        return str(path)
