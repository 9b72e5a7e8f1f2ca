"""The retrieval eval holds: enough queries, real section ids, and the quality targets."""

from __future__ import annotations

import pytest

from torchpatch.server.index import build_index, default_references
from torchpatch.server.search import SearchEngine
from torchpatch.validators.markdown import iter_reference_files, parse_reference

from .eval.retrieval_eval import load_cases, evaluate


@pytest.fixture(scope="module")
def real_engine(tmp_path_factory):
    uri = str(tmp_path_factory.mktemp("eval") / "db")
    build_index(default_references(), uri)
    return SearchEngine(uri, default_references())


def test_queries_name_sections_that_exist():
    ids = {s.id for path in iter_reference_files([default_references()]) for s in parse_reference(path).sections}
    cases = load_cases()
    assert len(cases) >= 60
    unknown = [(case.source, section) for case in cases for section in case.expect if section not in ids]
    assert unknown == []


def test_every_reference_has_eval_queries():
    covered = {section.split("#")[0] for case in load_cases() for section in case.expect}
    references = {path.stem for path in iter_reference_files([default_references()])}
    assert references <= covered


def test_hybrid_meets_the_quality_targets(real_engine):
    scores = evaluate(real_engine, load_cases())
    hybrid = scores["hybrid"]
    assert hybrid["recall@5"] >= 0.95, hybrid["misses"]
    for alone in ("fts", "vector"):
        assert hybrid["recall@5"] >= scores[alone]["recall@5"], alone
        assert hybrid["mrr"] >= scores[alone]["mrr"], alone
