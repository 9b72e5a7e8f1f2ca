"""bench/checker-judgements.tsv is data the accuracy figures rest on: every row must be scorable."""

import re
from pathlib import Path

JUDGEMENTS = Path(__file__).resolve().parent.parent / "bench" / "checker-judgements.tsv"
LABELS = {"FP", "FN", "UNCALLED", "NEITHER", "-"}  # "-": a tree judged with no FP or FN; NEITHER: not scored


def _rows():
    for number, line in enumerate(JUDGEMENTS.read_text().splitlines(), 1):
        if line and not line.startswith("#"):
            yield number, line.split("\t")


def test_every_row_has_seven_columns_and_a_known_label():
    bad = [(n, row[:6]) for n, row in _rows() if len(row) != 7 or row[5] not in LABELS]
    assert bad == []


def test_judged_rows_name_a_commit_a_line_and_a_rule():
    bad = []
    for n, row in _rows():
        if row[5] == "-":
            continue
        if not re.fullmatch(r"[0-9a-f]{7,40}", row[1]) or not row[3].isdigit() or not row[4] or not row[6]:
            bad.append((n, row[:5]))
    assert bad == []


def test_a_finding_has_one_label():
    # One line may hold several findings of one rule (one per imported name): one row each, same label.
    labels: dict[tuple, set] = {}
    for _, row in _rows():
        if row[5] in {"FP", "UNCALLED", "NEITHER"}:
            labels.setdefault(tuple(row[:5]), set()).add(row[5])
    assert {key: found for key, found in labels.items() if len(found) > 1} == {}
