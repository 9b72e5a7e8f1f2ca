"""``llms.txt`` (an index of every section) and ``llms-full.txt`` (every reference in full).

Both follow the llms.txt convention: an H1 name, a blockquote summary, then H2
lists of links. They are generated from the same reference files as the skill,
so the three never disagree.
"""

from __future__ import annotations

from pathlib import Path

from torchpatch.validators.markdown import Reference, parse_reference

from .build import DEFAULT_REFERENCES, reference_files

TITLE = "PyTorch knowledge patch"
SUMMARY = ("Verified notes on what changed in PyTorch 2.4 -> 2.15 for coding agents whose knowledge ends "
           "around torch 2.3: breaking changes, deprecations, removals and new APIs, each with its versions "
           "and a snippet that runs on the pinned build.")
_NAVIGATION = {"contents", "quick reference"}  # every file has them; they are not topics


def llms_index(references: list[Reference], link_prefix: str) -> str:
    lines = [f"# {TITLE}", "", f"> {SUMMARY}", "",
             "Each section heading below links to the part of a reference file that covers it; the kind and "
             "the versions (since / deprecated / removed) follow the link.", ""]
    for ref in references:
        name = Path(ref.file).name
        lines += [f"## {ref.title}", "", f"[{name}]({link_prefix}{name}): {ref.scope}", ""]
        for section in ref.sections:
            if section.title.strip().lower() in _NAVIGATION:
                continue
            note = f": {section.meta.describe()}" if section.meta else ""
            lines.append(f"- [{section.title}]({link_prefix}{name}#{section.anchor}){note}")
        lines.append("")
    return "\n".join(lines)


def llms_full(references: list[Reference], texts: list[str]) -> str:
    parts = [f"# {TITLE}\n\n> {SUMMARY}\n"]
    for ref, text in zip(references, texts):
        parts.append(f"<!-- file: references/{Path(ref.file).name} -->\n{text.rstrip()}\n")
    return "\n".join(parts)


def write_llms_files(dest: str | Path, references_dir: str | Path = DEFAULT_REFERENCES,
                     link_prefix: str = "references/") -> tuple[Path, Path]:
    """Write ``dest/llms.txt`` and ``dest/llms-full.txt``; links are ``link_prefix`` + file name."""
    dest = Path(dest)
    dest.mkdir(parents=True, exist_ok=True)
    files = reference_files(Path(references_dir))
    references = [parse_reference(p, display=f"references/{p.name}") for p in files]
    index_path, full_path = dest / "llms.txt", dest / "llms-full.txt"
    index_path.write_text(llms_index(references, link_prefix), encoding="utf-8")
    full_path.write_text(llms_full(references, [p.read_text(encoding="utf-8") for p in files]), encoding="utf-8")
    return index_path, full_path
