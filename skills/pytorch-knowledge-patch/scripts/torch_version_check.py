#!/usr/bin/env python3
"""Print the installed torch version and which sections of this skill's references apply to it.

Run from anywhere:  python scripts/torch_version_check.py [--torch 2.9.1] [--full] [--json]

By default it prints a brief that fits an agent's context (at most 2 KB): the build, how many
sections fall in each group, and the sections that matter most for it (removals and breaking
changes closest to the build first). --full lists every section; --json gives the groups as data.

Needs only the Python standard library; torch's version is read from the installed
package's metadata, so torch is not imported (no CUDA start-up). The sections come
from ../assets/sections.json, written by `torchpatch skill build`.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

SKILL_DIR = Path(__file__).resolve().parent.parent
INDEX = SKILL_DIR / "assets" / "sections.json"
COVERED = ((2, 4, 0), (2, 15, 0))
BRIEF_BYTES = 2000  # the default output's ceiling: about 500 tokens of an agent's context
VERSION_KEYS = ("since", "default", "deprecated", "removed")

# (heading, predicate on (version, section)) in the order an agent should read them.
GROUPS = (
    ("Removed in this build: old code using these fails", lambda v, s: _at_or_before(s.get("removed"), v)),
    ("In effect in this build: breaking, behaviour, security changes and known bugs",
     lambda v, s: s.get("kind") in ("breaking", "behaviour-change", "security", "known-bug")
     and _at_or_before(s.get("since"), v)),
    ("Deprecated in this build: still works, warns; migrate",
     lambda v, s: _at_or_before(s.get("deprecated"), v)
     or (s.get("kind") == "deprecation" and _at_or_before(s.get("since"), v))),
    ("Available in this build: new APIs", lambda v, s: s.get("kind") == "new" and _at_or_before(s.get("since"), v)),
    ("NOT in this build: new APIs added later, do not use them here",
     lambda v, s: s.get("kind") == "new" and _after(s.get("since"), v)),
    ("Changes in later builds: this build still has the old behaviour",
     lambda v, s: any(_after(s.get(key), v) for key in VERSION_KEYS)),
)
# The groups the brief draws its "read first" list from, most costly mistakes first.
BRIEF_GROUPS = 3


def parse_version(text: str) -> tuple[int, int, int]:
    match = re.match(r"^\s*(\d+)\.(\d+)(?:\.(\d+))?", text or "")
    if not match:
        raise ValueError(f"not a torch version: {text!r}")
    return int(match[1]), int(match[2]), int(match[3] or 0)


def _at_or_before(text, version) -> bool:
    return bool(text) and parse_version(text) <= version


def _after(text, version) -> bool:
    return bool(text) and parse_version(text) > version


def installed_torch() -> str | None:
    try:
        from importlib.metadata import PackageNotFoundError, version
    except ImportError:  # Python < 3.8
        return None
    try:
        return version("torch")
    except PackageNotFoundError:
        return None


def classify(index: dict, version: tuple[int, int, int]) -> dict[str, list[dict]]:
    groups: dict[str, list[dict]] = {heading: [] for heading, _ in GROUPS}
    for ref in index["references"]:
        for section in ref["sections"]:
            for heading, applies in GROUPS:
                if applies(version, section):
                    groups[heading].append(section)
                    break
    return groups


def _header(torch_version: str, version: tuple[int, int, int]) -> list[str]:
    lines = [f"torch {torch_version} (this skill covers 2.4 -> 2.15; links are relative to {SKILL_DIR})"]
    if version < COVERED[0]:
        lines.append("This build predates 2.4, where the skill starts: most sections below describe later builds.")
    elif version[:2] > COVERED[1][:2]:
        lines.append("This build is newer than the skill: changes after 2.15 are not covered.")
    return lines


def _line(s: dict, with_apis: bool = True) -> str:
    versions = ", ".join(f"{key} {s[key]}" for key in VERSION_KEYS if s.get(key))
    apis = f" [{', '.join(s['apis'])}]" if with_apis and s.get("apis") else ""
    return f"  - {s['title']}{apis} ({versions}) -> {s['link']}"


def render(torch_version: str, version: tuple[int, int, int], groups: dict[str, list[dict]]) -> str:
    """Every section, by group (--full)."""
    lines = _header(torch_version, version)
    for heading, sections in groups.items():
        if not sections:
            continue
        lines += ["", f"{heading} ({len(sections)}):"]
        lines += [_line(s) for s in sections]
    return "\n".join(lines)


def _latest(s: dict) -> tuple[int, int, int]:
    return max((parse_version(s[key]) for key in VERSION_KEYS if s.get(key)), default=(0, 0, 0))


def render_brief(torch_version: str, version: tuple[int, int, int], groups: dict[str, list[dict]],
                 limit: int = BRIEF_BYTES) -> str:
    """The build, the counts, then the sections that matter most while the output stays under ``limit``
    bytes: removals, breaking changes in effect and deprecations, the most recent first."""
    lines = _header(torch_version, version)
    lines.append("Sections by group: " + "; ".join(f"{heading.split(':')[0]} {len(sections)}"
                                                  for heading, sections in groups.items() if sections))
    footer = ["Full list: --full (or --json); open a section by its link, or ask the torchpatch search."]
    ranked = [s for sections in list(groups.values())[:BRIEF_GROUPS] for s in sorted(sections, key=_latest, reverse=True)]
    picked: list[str] = []
    for s in ranked:
        line = _line(s, with_apis=False)
        candidate = [*lines, "", f"Read first ({len(picked) + 1} of {len(ranked)}, newest first):", *picked, line, *footer]
        if len("\n".join(candidate).encode("utf-8")) > limit:
            break
        picked.append(line)
    if picked:
        lines += ["", f"Read first ({len(picked)} of {len(ranked)}, newest first):", *picked]
    text = "\n".join([*lines, *footer])
    return text if len(text.encode("utf-8")) <= limit else text.encode("utf-8")[:limit].decode("utf-8", "ignore")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--torch", metavar="VERSION", help="check this version instead of the installed one")
    parser.add_argument("--full", action="store_true", help="list every section (about 55 KB), not the 2 KB brief")
    parser.add_argument("--json", action="store_true", help="print the groups as JSON")
    args = parser.parse_args(argv)
    torch_version = args.torch or installed_torch()
    if torch_version is None:
        print("torch is not installed in this Python; pass --torch VERSION (e.g. --torch 2.6.0)", file=sys.stderr)
        return 2
    if not INDEX.is_file():
        print(f"no section index at {INDEX}; rebuild the skill with `torchpatch skill build`", file=sys.stderr)
        return 2
    version = parse_version(torch_version)
    groups = classify(json.loads(INDEX.read_text(encoding="utf-8")), version)
    if args.json:
        print(json.dumps({"torch": torch_version, "groups": groups}, indent=1))
    elif args.full:
        print(render(torch_version, version, groups))
    else:
        print(render_brief(torch_version, version, groups))
    return 0


if __name__ == "__main__":
    sys.exit(main())
