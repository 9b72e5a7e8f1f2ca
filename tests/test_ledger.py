"""The release-note ledgers (references/ledger/*.toml) stay honest.

Each ledger lists the items of a release's notes (or of the 2.14.1 -> 2.15.0 API difference) that a
writer went through: either covered, naming the section that states the change, or a deliberate gap
with its reason. A renamed heading or a typo in an id fails here, not in a reader's hands.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from torchpatch.validators.markdown import iter_reference_files, parse_reference

REFERENCES = Path(__file__).resolve().parent.parent / "references"
LEDGERS = sorted((REFERENCES / "ledger").glob("*.toml"))
KEYS = {"release", "notes", "item", "status", "section", "reason"}
NOTES = {"Backwards Incompatible Changes", "Deprecations", "New Features", "API diff 2.14.1->2.15.0"}
RELEASE = re.compile(r"^2\.(\d+)(\.\d+)?$")


@pytest.fixture(scope="module")
def section_ids() -> set[str]:
    return {s.id for path in iter_reference_files([REFERENCES]) for s in parse_reference(path).sections}


def _items(path: Path) -> list[dict]:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert set(data) <= {"item"}, f"{path.name}: only [[item]] tables"
    return data.get("item", [])


def test_there_are_ledgers():
    assert LEDGERS, "references/ledger/ holds the release-note ledgers"


@pytest.mark.parametrize("path", LEDGERS, ids=[p.name for p in LEDGERS])
def test_every_ledger_item_is_covered_by_a_real_section_or_has_a_reason(path, section_ids):
    items = _items(path)
    assert items, f"{path.name} is empty"
    problems = []
    for number, item in enumerate(items, start=1):
        where = f"{path.name} item {number} ({item.get('item', '?')!r})"
        if set(item) - KEYS:
            problems.append(f"{where}: unknown keys {sorted(set(item) - KEYS)}")
        release = RELEASE.match(str(item.get("release", "")))
        if not release or not 4 <= int(release[1]) <= 15:
            problems.append(f"{where}: release must be 2.4 ... 2.15")
        if item.get("notes") not in NOTES:
            problems.append(f"{where}: notes must be one of {sorted(NOTES)}")
        if not str(item.get("item", "")).strip():
            problems.append(f"{where}: says nothing")
        status = item.get("status")
        if status == "covered":
            sections = item.get("section")
            for section in [sections] if isinstance(sections, str) else sections or [None]:
                if section not in section_ids:
                    problems.append(f"{where}: no section {section!r}")
        elif status == "gap":
            if len(str(item.get("reason", "")).strip()) < 10:
                problems.append(f"{where}: a gap needs a reason")
        else:
            problems.append(f"{where}: status must be covered or gap")
    assert not problems, "\n".join(problems)
