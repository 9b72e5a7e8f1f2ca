"""The per-release upgrade checklist (``references/upgrade-checklist.md``), derived from section metadata.

Every section whose change can break or alter code (kind breaking, security, behaviour-change or
deprecation) is listed under each release where something happens to it: deprecated, removed,
made the default, and the release it changed in when that is a release of its own. A section of any kind with a
``default=`` event (an opt-in that became the default, e.g. a new backend) is listed in that release
as a behaviour change. The file is generated, never edited by hand, so a new
section can not be missing from it; a test fails when the committed file differs from the generated
one (``make checklist`` rewrites it).

    python -m torchpatch.server.skillpack.checklist references > references/upgrade-checklist.md
"""

from __future__ import annotations

import sys
from pathlib import Path

from torchpatch.validators.markdown import Section, Version, iter_reference_files, parse_reference
from torchpatch.validators.markdown.document import slugify

FILE_NAME = "upgrade-checklist.md"
KINDS = ("breaking", "security", "behaviour-change", "deprecation")  # the order items are listed in
FIRST, LAST = Version(2, 4), Version(2, 15)


def release_events(section: Section) -> list[tuple[Version, str, str]]:
    """(release, what happens there, kind) for one section: its deprecation, removal and switch to the
    default, or, with none of them, when it changed."""
    meta = section.meta
    if meta is None:
        return []
    events = []
    if meta.default is not None:
        events.append((meta.default, "default from here", meta.kind if meta.kind in KINDS else "behaviour-change"))
    if meta.kind in KINDS:
        events += [(version, label, meta.kind) for version, label in
                   ((meta.deprecated, "deprecated"), (meta.removed, "removed")) if version is not None]
        releases = {(v.major, v.minor) for v, _, _ in events}
        if meta.since is not None and (meta.since.major, meta.since.minor) not in releases:
            # a release of its own, e.g. the default flipped (since 2.6) two releases after the warning (2.4)
            events.append((meta.since, "new" if meta.kind == "security" else "changed", meta.kind))
    return sorted((Version(v.major, v.minor), label, kind) for v, label, kind in events
                  if FIRST <= Version(v.major, v.minor) <= LAST)


def render_checklist(sections: list[Section]) -> str:
    by_release: dict[Version, list[tuple[int, str, str]]] = {}
    for section in sections:
        for version, label, kind in release_events(section):
            link = f"{section.reference}.md#{section.anchor}"
            line = f"- {label}, {kind}: [{section.title}]({link})"
            by_release.setdefault(version, []).append((KINDS.index(kind), section.title.lower(), line))
    releases = [Version(2, minor) for minor in range(FIRST.minor, LAST.minor + 1)]
    headings = [f"Upgrading to {release}" for release in releases]
    out = [
        "# Upgrade checklist by release",
        "Scope: every breaking, security, behaviour and deprecation change of PyTorch 2.4 -> 2.15, by release "
        "(generated from the references' metadata: do not edit by hand).",
        "",
        "## Contents",
        *(f"- [{heading}](#{slugify(heading)})" for heading in headings),
        "",
        "Going from release A to release B, read every block after A up to and including B. Each line links "
        "the section with the code to write now and the error or warning the old code gives.",
        "",
        "## Releases",
    ]
    for release, heading in zip(releases, headings):
        items = sorted(by_release.get(release, []))
        out += ["", f"### {heading}", ""]
        if items:  # a sentence in the words people search with: "what changed in 2.14", "breaking changes"
            out += [f"What changed in PyTorch {release} ({len(items)} items): breaking changes and removals first, "
                    "then security fixes, behaviour changes and deprecations.", ""]
        out += [line for _, _, line in items] or ["- no breaking, behaviour or deprecation change recorded"]
    return "\n".join(out) + "\n"


def checklist_for(references: Path) -> str:
    sections = [
        section
        for path in iter_reference_files([references])
        if path.name != FILE_NAME
        for section in parse_reference(path).sections
    ]
    return render_checklist(sections)


if __name__ == "__main__":
    sys.stdout.write(checklist_for(Path(sys.argv[1] if len(sys.argv) > 1 else "references")))
