"""What the skill knows about its references: the section index and the SKILL.md file table.

The section index (``assets/sections.json`` in the built skill) carries each
section's id, link and versions, so the pack's version-check script can say which
sections apply to a torch build without torchpatch or a Markdown parser.
The file table is SKILL.md's "read this file when" list: a reference it does not
name is a reference no agent will open, so the build refuses to ship one.
"""

from __future__ import annotations

import re
from pathlib import Path

from torchpatch.validators.errors import InvalidInput
from torchpatch.validators.markdown import Reference, parse_text
from torchpatch.validators.verification import section_status

from .links import relative_links

INDEX_FORMAT = 2  # 2: each section says whether its code ran
TABLE_HEADING = "Read this file when"


def section_index(references: list[Reference], link_prefix: str = "references/",
                  verification: tuple[dict, dict] = ({}, {})) -> dict:
    """A JSON-ready index: per reference file, its sections with kind, versions, APIs and whether their
    code ran (``verification``: the shipped and local records, see torchpatch.validators.verification)."""
    shipped, local = verification
    files = []
    for ref in references:
        name = Path(ref.file).name
        sections = []
        for section in ref.sections:
            entry = {"id": section.id, "title": section.title, "link": f"{link_prefix}{name}#{section.anchor}"}
            if section.meta is not None:
                entry["kind"] = section.meta.kind
                entry.update({key: str(value) for key, value in section.meta.versions().items()})
                if section.meta.apis:
                    entry["apis"] = list(section.meta.apis)
            status = section_status(section, shipped, local)
            entry["verified"] = status.pop("text")
            entry["verification"] = status
            sections.append(entry)
        files.append({"file": f"{link_prefix}{name}", "title": ref.title, "scope": ref.scope, "sections": sections})
    return {"format": INDEX_FORMAT, "references": files}


def indexed_reference_names(skill_md: str) -> set[str]:
    """File names that SKILL.md's "Read this file when" table links to under ``references/``."""
    table = next((s for s in parse_text(skill_md, "SKILL.md").sections
                  if s.title.strip().lower() == TABLE_HEADING.lower()), None)
    if table is None:
        raise InvalidInput(f"SKILL.md has no '## {TABLE_HEADING}' section: it is the index of the references")
    names = set()
    for _, target in relative_links(table.text):
        match = re.match(r"^(?:\./)?references/([^/#]+\.md)(?:#.*)?$", target)
        if match:
            names.add(match.group(1))
    return names


def unindexed_references(skill_md: str, reference_files: list[Path]) -> list[str]:
    """Names of reference files that SKILL.md's file table does not list, sorted."""
    listed = indexed_reference_names(skill_md)
    return sorted(path.name for path in reference_files if path.name not in listed)
