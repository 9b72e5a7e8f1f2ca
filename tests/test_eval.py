"""The retrieval eval holds: enough queries, real section ids, and the quality targets."""

from __future__ import annotations

import pytest

from torchpatch.server.index import build_index, default_references
from torchpatch.server.search import SearchEngine
from torchpatch.validators.markdown import iter_reference_files, parse_reference

from .eval.retrieval_eval import SHORT_QUERIES, evaluate, load_cases


@pytest.fixture(scope="module")
def real_engine(tmp_path_factory):
    uri = str(tmp_path_factory.mktemp("eval") / "db")
    build_index(default_references(), uri)
    return SearchEngine(uri, default_references())


def test_queries_name_sections_that_exist():
    ids = {s.id for path in iter_reference_files([default_references()]) for s in parse_reference(path).sections
           if s.has_body}  # a group heading is not a result, so no query may expect one
    cases = load_cases()
    short = load_cases(SHORT_QUERIES)
    assert len(cases) >= 60 and len(short) >= 40
    assert all(1 <= len(case.query.split()) <= 3 for case in short)
    unknown = [(case.source, section) for case in cases + short for section in case.expect if section not in ids]
    assert unknown == []


def test_every_reference_has_eval_queries():
    covered = {section.split("#")[0] for case in load_cases() for section in case.expect}
    references = {path.stem for path in iter_reference_files([default_references()])}
    assert references <= covered


def test_hybrid_meets_the_quality_targets(real_engine):
    scores = evaluate(real_engine, load_cases())
    hybrid = scores["hybrid"]
    assert hybrid["recall@5"] >= 0.95, hybrid["misses"]
    assert hybrid["recall@1"] >= 0.95, hybrid["misses"]
    for alone in ("fts", "vector"):
        assert hybrid["recall@5"] >= scores[alone]["recall@5"], alone
        assert hybrid["mrr"] >= scores[alone]["mrr"], alone


def test_short_queries_find_their_section_first(real_engine):
    """One to three words (an API, a feature, a module): the section that explains it comes first,
    not a group heading or a second copy."""
    hybrid = evaluate(real_engine, load_cases(SHORT_QUERIES))["hybrid"]
    assert hybrid["recall@1"] >= 0.90, hybrid["misses"]


@pytest.mark.parametrize("query", ["chocolate cake recipe", "qwzx vbnm plok", "weather in Paris tomorrow"])
def test_a_query_about_nothing_here_says_so(real_engine, query):
    from torchpatch.server.models import SearchRequest

    response = real_engine.search(SearchRequest(query=query, k=10))
    assert response.close_match is False and response.results == []
    assert any("whats-new" in tip for tip in response.suggestions)


@pytest.mark.parametrize("query, section", [("symeig", "removed-and-legacy-calls#torchsymeig-eig-lstsq-solve-and-matrix_rank"),
                                            ("vmap", "data-nn-and-optim#functorch-transforms-and-make_functional")])
def test_a_bare_api_name_alone_is_a_close_match(real_engine, query, section):
    """An agent looks up `symeig` by its short name: its embedding alone is not close enough, but the
    references name torch.symeig, so the lookup is answered rather than called a query about nothing."""
    from torchpatch.server.models import SearchRequest

    response = real_engine.search(SearchRequest(query=query, k=3))
    assert response.close_match is not False
    assert [r.id for r in response.results][0] == section


@pytest.mark.parametrize("query", ["chocolate", "weather"])
def test_a_bare_word_no_api_ends_with_is_still_about_nothing_here(real_engine, query):
    from torchpatch.server.models import SearchRequest

    assert real_engine.search(SearchRequest(query=query, k=3)).results == []
