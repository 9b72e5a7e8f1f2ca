"""Retrieval quality on the real references: recall@1, recall@5 and MRR for hybrid, full-text and vector.

Queries live in ``tests/eval/queries/<reference>.jsonl``, one ``{"query", "expect": [section ids]}``
per line, written the way agents ask. ``tests/eval/short/`` holds a second set of one- to three-word
queries (an API, a feature or a module name: "FSDP2", "weights_only"), where group headings and
near-duplicates used to win. Run by hand::

    .venv/bin/python -m tests.eval.retrieval_eval [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import tempfile
from dataclasses import dataclass
from pathlib import Path

from torchpatch.server.index import build_index, default_references
from torchpatch.server.models import SearchRequest
from torchpatch.server.search import SearchEngine

QUERIES = Path(__file__).parent / "queries"
SHORT_QUERIES = Path(__file__).parent / "short"
MODES = ("hybrid", "fts", "vector")


@dataclass(frozen=True)
class Case:
    query: str
    expect: tuple[str, ...]
    source: str


def load_cases(folder: Path = QUERIES) -> list[Case]:
    cases = []
    for path in sorted(folder.glob("*.jsonl")):
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            if line.strip():
                item = json.loads(line)
                cases.append(Case(item["query"], tuple(item["expect"]), f"{path.name}:{number}"))
    return cases


def evaluate(engine: SearchEngine, cases: list[Case], k: int = 5) -> dict[str, dict]:
    scores = {}
    for mode in MODES:
        hits1 = hits5 = reciprocal = 0.0
        misses = []
        for case in cases:
            ids = [h.id for h in engine.search(SearchRequest(query=case.query, k=10, mode=mode)).results]
            rank = next((i + 1 for i, section in enumerate(ids) if section in case.expect), None)
            hits1 += rank == 1
            hits5 += rank is not None and rank <= k
            reciprocal += 1.0 / rank if rank else 0.0
            if mode == "hybrid" and rank != 1:
                misses.append({"query": case.query, "expect": case.expect, "got": ids[:3], "source": case.source})
        n = len(cases)
        scores[mode] = {"recall@1": hits1 / n, f"recall@{k}": hits5 / n, "mrr": reciprocal / n, "queries": n,
                        "misses": misses}
    return scores


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        references = default_references()
        build_index(references, tmp)
        engine = SearchEngine(tmp, references)
        results = {"whole": evaluate(engine, load_cases()), "short": evaluate(engine, load_cases(SHORT_QUERIES))}
    for name, scores in results.items():
        print(f"{name} eval:")
        for mode, row in scores.items():
            print(f"  {mode:7s} recall@1 {row['recall@1']:.3f}  recall@5 {row['recall@5']:.3f}  "
                  f"MRR {row['mrr']:.3f}  ({row['queries']} queries)")
        for miss in scores["hybrid"]["misses"]:
            print(f"    miss {miss['source']}: {miss['query'][:70]!r} expected {miss['expect']} got {miss['got']}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
