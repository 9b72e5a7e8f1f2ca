"""Assemble a reference file into sections and snippets, with positions.

A reference is: an H1 title, a ``Scope:`` line, a contents list, then H2/H3
sections. Each H2/H3 is a :class:`Section` (an H2 keeps only its text before its
first H3). Fenced code blocks become :class:`Snippet` objects; problems are
collected as values so one run reports all of them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from .lexer import Fence, Heading, lex
from .markers import RUNNABLE_LANGUAGES, Markers, parse_markers
from .metadata import SectionMeta, is_meta_line, parse_meta
from .files import iter_reference_files  # noqa: F401 - also importable from here
from .problems import Problem


@dataclass
class Snippet:
    file: str
    line: int  # first line of code, 1-based, in the Markdown file
    language: str
    markers: Markers
    code: str
    section: "Section | None" = field(default=None, repr=False)
    setup_chain: tuple["Snippet", ...] = field(default=(), repr=False)  # outermost first

    @property
    def id(self) -> str:
        return f"{self.file}:{self.line}"

    @property
    def runnable(self) -> bool:
        return self.language in RUNNABLE_LANGUAGES


@dataclass
class Section:
    reference: str  # the file's stem, e.g. "migrations-and-security"
    file: str
    title: str  # the heading text
    level: int
    path: tuple[str, ...]  # breadcrumb: file title > H2 > H3
    anchor: str
    line_start: int
    line_end: int
    text: str
    meta: SectionMeta | None = None
    snippets: list[Snippet] = field(default_factory=list)

    @property
    def id(self) -> str:
        return f"{self.reference}#{self.anchor}"

    @property
    def breadcrumb(self) -> str:
        return " > ".join(self.path)

    @property
    def has_body(self) -> bool:
        """False for a group heading: an H2 followed straight by its first H3 (a breadcrumb, not a result)."""
        body = self.text.splitlines()[1:]
        return any(line.strip() and not is_meta_line(line) for line in body)


@dataclass
class Reference:
    file: str
    name: str
    title: str
    scope: str
    sections: list[Section]
    snippets: list[Snippet]
    problems: list[Problem]


def parse_reference(path: str | Path, display: str | None = None) -> Reference:
    """A reference file, parsed. A file that cannot be read or is not UTF-8 (a dangling link, a
    Latin-1 file) is a reference without sections and with one problem naming it, so that
    ``index`` and ``validate`` say which file to fix and go on with the others."""
    path = Path(path)
    file = display or str(path)
    try:
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as exc:
        return _unreadable(file, path, f"not UTF-8 (byte 0x{exc.object[exc.start]:02x} at offset {exc.start}): "
                                       "save the file as UTF-8")
    except OSError as exc:
        why = "a link to nothing" if path.is_symlink() and not path.exists() else exc.strerror or str(exc)
        return _unreadable(file, path, f"cannot be read ({why})")
    return parse_text(text, file, name=path.stem)


def _unreadable(file: str, path: Path, message: str) -> Reference:
    return Reference(file=file, name=path.stem, title="", scope="", sections=[], snippets=[],
                     problems=[Problem(file, 0, message)])


def parse_text(text: str, file: str, name: str | None = None) -> Reference:
    return _Assembler(file, name or Path(file).stem).run(text)


def slugify(heading: str) -> str:
    """GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens."""
    slug = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return slug.replace(" ", "-")


class _Assembler:
    def __init__(self, file: str, name: str):
        self.file, self.name = file, name
        self.problems: list[Problem] = []

    def problem(self, line: int, message: str) -> None:
        self.problems.append(Problem(self.file, line, message))

    def run(self, text: str) -> Reference:
        lines = text.splitlines()
        tokens, lex_problems = lex(lines)
        self.problems.extend(Problem(self.file, line, msg) for line, msg in lex_problems)
        title, scope = self._title_and_scope(lines, tokens)
        sections = self._sections(lines, tokens, title)
        snippets = self._snippets(tokens, sections)
        self._check_meta_placement(lines, tokens, sections)
        problems = sorted(self.problems, key=lambda p: p.line)
        return Reference(self.file, self.name, title, scope, sections, snippets, problems)

    def _title_and_scope(self, lines: list[str], tokens: list) -> tuple[str, str]:
        headings = [t for t in tokens if isinstance(t, Heading)]
        if not headings or headings[0].level != 1:
            self.problem(1, "a reference starts with an H1 title ('# ...')")
            return self.name, ""
        if sum(1 for h in headings if h.level == 1) > 1:
            second = [h for h in headings if h.level == 1][1]
            self.problem(second.line, "only one H1 title per reference")
        scope = next((ln.strip() for ln in lines if ln.strip().lower().startswith(("scope:", "**scope:**"))), "")
        if not scope:
            self.problem(headings[0].line, "a reference needs a 'Scope:' line under its title")
        if not any(h.level == 2 and h.text.strip().lower() == "contents" for h in headings):
            self.problem(headings[0].line, "a reference needs a '## Contents' list")
        return headings[0].text, scope.split(":", 1)[-1].strip("* ").strip()

    def _sections(self, lines: list[str], tokens: list, title: str) -> list[Section]:
        headings = [t for t in tokens if isinstance(t, Heading)]
        sections: list[Section] = []
        seen: dict[str, int] = {}
        current_h2 = ""
        for index, heading in enumerate(headings):
            if heading.level not in (2, 3):
                continue
            if heading.level == 2:
                current_h2 = heading.text
            elif not current_h2:
                self.problem(heading.line, "an H3 section must sit under an H2")
            end = next((h.line - 1 for h in headings[index + 1 :] if h.level <= 3), len(lines))
            anchor = slugify(heading.text)
            if anchor in seen:
                seen[anchor] += 1
                anchor = f"{anchor}-{seen[anchor]}"
            else:
                seen[anchor] = 0
            path = (title, heading.text) if heading.level == 2 else (title, current_h2, heading.text)
            section = Section(
                reference=self.name,
                file=self.file,
                title=heading.text,
                level=heading.level,
                path=path,
                anchor=anchor,
                line_start=heading.line,
                line_end=end,
                text="\n".join(lines[heading.line - 1 : end]).rstrip() + "\n",
                meta=self._meta_after(lines, heading.line, end),
            )
            sections.append(section)
        return sections

    def _meta_after(self, lines: list[str], heading_line: int, end: int) -> SectionMeta | None:
        for number in range(heading_line + 1, end + 1):
            line = lines[number - 1]
            if not line.strip():
                continue
            if not is_meta_line(line):
                return None
            try:
                return parse_meta(line)
            except ValueError as exc:
                self.problem(number, f"bad metadata: {exc}")
                return None
        return None

    def _check_meta_placement(self, lines: list[str], tokens: list, sections: list[Section]) -> None:
        allowed = set()
        for section in sections:
            following = next(
                (n for n in range(section.line_start + 1, section.line_end + 1) if lines[n - 1].strip()), None
            )
            if following:
                allowed.add(following)
        inside_code = {n for t in tokens if isinstance(t, Fence) for n in range(t.line, t.end_line + 1)}
        for number, line in enumerate(lines, start=1):
            if number not in allowed and number not in inside_code and is_meta_line(line):
                self.problem(number, "a '> meta:' line must be the first line after an H2/H3 heading")

    def _snippets(self, tokens: list, sections: list[Section]) -> list[Snippet]:
        snippets: list[Snippet] = []
        named: dict[str, Snippet] = {}
        for fence in (t for t in tokens if isinstance(t, Fence)):
            language, _, words = fence.info.partition(" ")
            language = language.strip().lower()
            if language not in RUNNABLE_LANGUAGES:
                if words.strip():
                    self.problem(fence.line, f"markers on a {language or 'plain'} block, which is never run")
                continue
            try:
                markers = parse_markers(language, words)
            except ValueError as exc:
                self.problem(fence.line, f"bad snippet markers: {exc}")
                continue
            section = next((s for s in reversed(sections) if s.line_start <= fence.line), None)
            snippet = Snippet(self.file, fence.line + 1, language, markers, fence.code, section)
            snippet.setup_chain = self._chain(snippet, named, fence.line)
            if markers.name:
                if markers.name in named:
                    self.problem(fence.line, f"name={markers.name} is already used at line {named[markers.name].line}")
                named[markers.name] = snippet
            if section is not None:
                section.snippets.append(snippet)
            snippets.append(snippet)
        return snippets

    def _chain(self, snippet: Snippet, named: dict[str, Snippet], fence_line: int) -> tuple[Snippet, ...]:
        setup = snippet.markers.setup
        if setup is None:
            return ()
        if setup not in named:
            self.problem(fence_line, f"setup={setup}: no block named {setup!r} earlier in this file")
            return ()
        parent = named[setup]
        if snippet.language == "cpp":
            self.problem(fence_line, "a cpp block cannot take setup=")
            return ()
        return (*parent.setup_chain, parent)
