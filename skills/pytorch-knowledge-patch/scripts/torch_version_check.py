#!/usr/bin/env python3
"""Print the installed torch version and which sections of this skill's references apply to it.

Run from anywhere:  python scripts/torch_version_check.py [--torch 2.9.1] [--json]

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
     lambda v, s: any(_after(s.get(key), v) for key in ("since", "deprecated", "removed"))),
)


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


def render(torch_version: str, version: tuple[int, int, int], groups: dict[str, list[dict]]) -> str:
    lines = [f"torch {torch_version} (this skill covers 2.4 -> 2.15; links are relative to {SKILL_DIR})"]
    if version < COVERED[0]:
        lines.append("This build predates 2.4, where the skill starts: most sections below describe later builds.")
    elif version[:2] > COVERED[1][:2]:
        lines.append("This build is newer than the skill: changes after 2.15 are not covered.")
    for heading, sections in groups.items():
        if not sections:
            continue
        lines += ["", f"{heading} ({len(sections)}):"]
        for s in sections:
            versions = ", ".join(f"{key} {s[key]}" for key in ("since", "deprecated", "removed") if s.get(key))
            apis = f" [{', '.join(s['apis'])}]" if s.get("apis") else ""
            lines.append(f"  - {s['title']}{apis} ({versions}) -> {s['link']}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--torch", metavar="VERSION", help="check this version instead of the installed one")
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
    else:
        print(render(torch_version, version, groups))
    return 0


if __name__ == "__main__":
    sys.exit(main())
