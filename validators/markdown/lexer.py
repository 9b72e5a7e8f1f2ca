"""Split Markdown lines into headings and fenced code blocks (everything else is prose)."""

from __future__ import annotations

import re
from dataclasses import dataclass

_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_FENCE = re.compile(r"^( {0,3})(`{3,}|~{3,})(.*)$")


@dataclass(frozen=True)
class Heading:
    line: int
    level: int
    text: str


@dataclass(frozen=True)
class Fence:
    line: int  # the opening fence
    end_line: int  # the closing fence
    info: str
    code: str


def lex(lines: list[str]) -> tuple[list[Heading | Fence], list[tuple[int, str]]]:
    """Return the headings and fences in order, and (line, message) problems."""
    tokens: list[Heading | Fence] = []
    problems: list[tuple[int, str]] = []
    number = 0
    while number < len(lines):
        line = lines[number]
        fence = _FENCE.match(line)
        if fence:
            indent, marker, info = fence.groups()
            if marker[0] == "`" and "`" in info:
                # CommonMark: not a fence. Said aloud, since the blocks after it would pair up wrongly.
                problems.append((number + 1, "a backtick fence's info string cannot contain backticks "
                                             "(write the marker without them, or fence with ~~~)"))
                number += 1
                continue
            close = _closing_fence(lines, number + 1, marker)
            if close is None:
                problems.append((number + 1, f"unclosed code fence {marker}"))
                return tokens, problems
            code = "\n".join(_dedent(ln, len(indent)) for ln in lines[number + 1 : close])
            tokens.append(Fence(number + 1, close + 1, info.strip(), code + "\n" if code else ""))
            number = close + 1
            continue
        heading = _HEADING.match(line)
        if heading:
            tokens.append(Heading(number + 1, len(heading[1]), heading[2].strip()))
        number += 1
    return tokens, problems


def _closing_fence(lines: list[str], start: int, marker: str) -> int | None:
    for index in range(start, len(lines)):
        stripped = lines[index].strip()
        if stripped.startswith(marker[0] * len(marker)) and set(stripped) == {marker[0]}:
            return index
    return None


def _dedent(line: str, indent: int) -> str:
    return line[min(indent, len(line) - len(line.lstrip(" "))) :]
