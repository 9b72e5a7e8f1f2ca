"""One fact, one place: no two reference files carry near-identical sections, and every old id
of a merged section resolves to its canonical section."""

from __future__ import annotations

import itertools
import re

from torchpatch.server.index import default_references
from torchpatch.validators.markdown import iter_reference_files, parse_reference
from torchpatch.validators.markdown.aliases import load_aliases

CHECKLIST = "upgrade-checklist.md"  # generated from the others: it repeats their headings on purpose
SAME_HEADING = 0.5  # word overlap (Jaccard) of two headings
SAME_BODY = 0.45  # share of the smaller body's three-word runs found in the other
SAME_BODY_SAME_API = 0.3  # lower, when both sections declare the same API


def _sections():
    return [section for path in iter_reference_files([default_references()]) if path.name != CHECKLIST
            for section in parse_reference(path).sections
            if section.has_body and section.title.lower() not in ("contents", "quick reference")]


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-z_][a-z0-9_.]{2,}", text.lower()))


def _runs(text: str) -> set[tuple[str, ...]]:
    words = re.findall(r"[a-z0-9_.]+", text.lower())
    return {tuple(words[i : i + 3]) for i in range(len(words) - 2)}


def near_duplicates(sections) -> list[tuple[str, str, str]]:
    found = []
    for a, b in itertools.combinations(sections, 2):
        if a.reference == b.reference:
            continue
        heads = _words(a.title), _words(b.title)
        heading = len(heads[0] & heads[1]) / max(1, len(heads[0] | heads[1]))
        runs = _runs(a.text), _runs(b.text)
        body = len(runs[0] & runs[1]) / max(1, min(map(len, runs)))
        shared_api = set(a.meta.apis if a.meta else ()) & set(b.meta.apis if b.meta else ())
        if heading >= SAME_HEADING or body >= SAME_BODY or (shared_api and body >= SAME_BODY_SAME_API):
            found.append((a.id, b.id, f"heading {heading:.2f}, body {body:.2f}"))
    return found


def test_no_two_files_describe_the_same_change():
    duplicates = near_duplicates(_sections())
    assert duplicates == [], "merge each into one canonical section, link to it, add the old id to aliases.toml"


def test_the_detector_catches_a_copied_section(tmp_path):
    sections = _sections()
    copy = next(s for s in sections if s.id == "distributed-and-checkpointing#compile_on_one_rank-moved-to-torchcompilerconfig")
    (tmp_path / "other.md").write_text(f"# Other\nScope: test.\n\n## Contents\n\n## Notes\n{copy.text}")
    extra = parse_reference(tmp_path / "other.md").sections
    assert [(a, b) for a, b, _ in near_duplicates([copy, *extra])] == [(copy.id, f"other#{copy.anchor}")]


def test_aliases_point_from_gone_ids_to_live_ones():
    ids = {s.id for path in iter_reference_files([default_references()]) for s in parse_reference(path).sections}
    aliases = load_aliases(default_references())
    assert len(aliases) >= 13
    assert [old for old in aliases if old in ids] == []  # an old id still in use would shadow nothing
    assert [new for new in aliases.values() if new not in ids] == []
