"""The search core on a small real index: ranking, filters, budget, versions, errors, encoders."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest

from torchpatch.server.index import build_index, current_table_path
from torchpatch.server.models import SearchRequest
from torchpatch.server.search import SearchEngine
from torchpatch.validators.errors import IndexUnavailable, InvalidInput, NotFound


def top(engine, query, **options):
    return engine.search(SearchRequest(query=query, **options)).results[0].id


def test_exact_api_name_ranks_its_section_first(engine):
    assert top(engine, "torch.export.export_for_training") == "compiling#export_for_training-is-removed"
    assert top(engine, "torch.compiler.set_stance") == "compiling#stances-for-torchcompile"


def test_pasted_error_message_finds_its_fix(engine):
    error = "Traceback (most recent call last):\n  File \"train.py\", line 3\n" \
            "AttributeError: module 'torch.export' has no attribute 'export_for_training'"
    assert top(engine, error) == "compiling#export_for_training-is-removed"
    assert top(engine, "_pickle.UnpicklingError: Weights only load failed") == \
        "loading#torchload-defaults-to-weights_onlytrue"


def test_how_to_question_uses_the_vectors(engine):
    assert top(engine, "compile a repeated transformer layer only once") == \
        "compiling#regional-compilation-with-nested_compile_region"


def test_results_carry_versions_kind_and_verification(engine):
    hit = engine.search(SearchRequest(query="torch.cholesky")).results[0]
    assert hit.id == "loading#torchcholesky-raises"
    assert (hit.kind, hit.removed, hit.since) == ("breaking", "2.14", None)
    assert hit.verified == "no runnable snippet"
    assert "torch.linalg.cholesky" in hit.apis and hit.text.startswith("## torch.cholesky raises")


def test_torch_version_says_which_changes_apply(engine):
    results = engine.search(SearchRequest(query="torch.cholesky removed", torch_version="2.9", k=8)).results
    by_id = {hit.id: hit for hit in results}
    assert by_id["loading#torchcholesky-raises"].applies is False  # removed in 2.14, after 2.9
    assert by_id["loading#torchload-defaults-to-weights_onlytrue"].applies is True


def test_filters_by_kind_and_reference(engine):
    results = engine.search(SearchRequest(query="torch", kind="deprecation", k=10)).results
    assert [hit.id for hit in results] == ["loading#torchscript-is-deprecated"]
    results = engine.search(SearchRequest(query="torch", reference="compiling", k=10)).results
    assert results and all(hit.reference == "compiling" for hit in results)


def test_token_budget_packs_whole_sections_and_counts_the_rest(engine):
    everything = engine.search(SearchRequest(query="torch", k=6))
    budget = engine.search(SearchRequest(query="torch", k=6, max_tokens=150))
    assert len(budget.results) < len(everything.results)
    assert budget.omitted == len(everything.results) - len(budget.results)
    assert all(hit.text == full.text for hit, full in zip(budget.results, everything.results) if hit.id == full.id)


def test_whats_new_groups_by_kind_breaking_first(engine):
    report = engine.whats_new("2.9", "2.15")
    assert list(report.groups)[0] == "breaking"
    ids = [c.id for changes in report.groups.values() for c in changes]
    assert "compiling#export_for_training-is-removed" in ids
    assert "loading#torchload-defaults-to-weights_onlytrue" not in ids  # 2.6 is before the window
    with pytest.raises(InvalidInput):
        engine.whats_new("2.15", "2.9")


@pytest.mark.parametrize("request_args, message", [
    ({"query": ""}, "empty"),
    ({"query": "   \x00  "}, "empty"),
    ({"query": "x" * 2001}, "limit is 2000"),
    ({"query": "torch", "k": 0}, "k must be"),
    ({"query": "torch", "k": 51}, "k must be"),
    ({"query": "torch", "kind": "nonsense'; DROP"}, "unknown kind"),
    ({"query": "torch", "reference": "x' OR '1'='1"}, "unknown reference"),
    ({"query": "torch", "torch_version": "latest"}, "not a torch version"),
    ({"query": "torch", "max_tokens": 0}, "max_tokens"),
])
def test_bad_requests_get_clear_errors(engine, request_args, message):
    with pytest.raises(InvalidInput, match=message):
        engine.search(SearchRequest(**request_args))


def test_unicode_and_binary_looking_queries_are_answered(engine):
    for query in ["torch.load 权重 ✓ 🔥", "\x01\x02 torch.compile \ufffd", "(((\"'*:)"]:
        assert engine.search(SearchRequest(query=query)).results is not None


def test_unknown_section_is_not_found(engine):
    with pytest.raises(NotFound, match="no section"):
        engine.read_section("nope#nothing")
    assert engine.read_section("loading#torchscript-is-deprecated").kind == "deprecation"


def test_reindex_is_incremental_and_removes_deleted_sections(tmp_path, search_refs):
    refs = tmp_path / "refs"
    shutil.copytree(search_refs, refs)
    uri = str(tmp_path / "db")
    first = build_index(refs, uri)
    assert first.embedded == first.sections
    again = build_index(refs, uri)
    assert (again.embedded, again.updated, again.deleted) == (0, 0, 0)
    text = (refs / "compiling.md").read_text()
    (refs / "compiling.md").write_text(text.replace("Mark a repeated block", "Mark one repeated block"))
    changed = build_index(refs, uri)
    assert (changed.embedded, changed.updated) == (1, 1)
    (refs / "loading.md").unlink()
    shrunk = build_index(refs, uri)
    assert shrunk.deleted == 4
    assert SearchEngine(uri, refs).reference_names() == {"compiling"}


def test_first_search_builds_a_missing_index(tmp_path, search_refs):
    engine = SearchEngine(str(tmp_path / "fresh"), search_refs)
    assert top(engine, "torch.compiler.set_stance") == "compiling#stances-for-torchcompile"


def test_corrupt_index_says_how_to_rebuild(tmp_path, search_refs):
    uri = tmp_path / "db"
    build_index(search_refs, str(uri))
    for data in (Path(current_table_path(str(uri))) / "data").iterdir():
        data.write_bytes(b"garbage")
    engine = SearchEngine(str(uri), search_refs)
    with pytest.raises(IndexUnavailable, match="--rebuild"):
        engine.search(SearchRequest(query="torch.load"))


LONG_AND_ODD_TEXTS = ["torch.load weights_only", "a",
                      "RuntimeError: Cannot re-initialize CUDA in forked subprocess " * 20,  # ~300 tokens: truncated
                      "how do I shard a model with FSDP2?", "ä ö ü 中文 🔥"]


def test_light_query_encoders_match_sentence_transformers(search_db):
    from torchpatch.server.embedding import MiniLMEncoder, OnnxEncoder, SentenceTransformerEncoder
    from torchpatch.server.onnx_export import onnx_model_path

    assert onnx_model_path().exists(), "build_index should have exported the ONNX query encoder"
    reference = SentenceTransformerEncoder().encode(LONG_AND_ODD_TEXTS)
    for encoder in (MiniLMEncoder(), OnnxEncoder(onnx_model_path())):
        vectors = encoder.encode(LONG_AND_ODD_TEXTS)
        assert vectors.shape == (len(LONG_AND_ODD_TEXTS), 384) and vectors.dtype == np.float32
        cosine = (vectors * reference).sum(axis=1)
        assert np.all(cosine >= 0.999), (type(encoder).__name__, cosine)


def test_query_encoder_uses_onnx_when_exported_else_numpy(search_refs, fresh_home):
    from torchpatch.server.embedding import MiniLMEncoder, OnnxEncoder, query_encoder
    from torchpatch.server.onnx_export import onnx_model_path

    pick = query_encoder.__wrapped__  # past the process-wide cache
    assert isinstance(pick(), MiniLMEncoder)  # fresh home: nothing exported yet
    onnx_model_path().parent.mkdir(parents=True)
    onnx_model_path().write_bytes(b"not a model")  # a damaged cache must not break search
    assert isinstance(pick(), MiniLMEncoder)
    onnx_model_path().unlink()
    build_index(search_refs, str(fresh_home / "db"))
    assert isinstance(pick(), OnnxEncoder)


def test_a_release_the_query_asks_about_lifts_that_releases_sections(engine):
    # BM25 sees "2.8" as two common tokens; the section added in 2.8 ranks first only through its version.
    assert top(engine, "what was new in 2.8") == "compiling#regional-compilation-with-nested_compile_region"


def test_only_a_release_asked_about_counts_not_the_users_install():
    from torchpatch.server.ranking import release_keys

    assert release_keys("what changed in torch.export in 2.14") == {2_014_000}
    assert release_keys("upgrading PyTorch from 2.5 to 2.15.0") == {2_005_000, 2_015_000}
    assert release_keys("does torch 2.15 require triton") == set()
    assert release_keys("torch.__version__ is 2.15.0+cu132 but pip says 2.15.0") == set()
    assert release_keys("lr=1e-2.5 in 2.x") == set()


# --- what an agent reads: content only, one place, every event, within budget, with its source ---

NCCL = "compiling#nccl-engine-opt-in-in-214-the-default-in-215"


def test_a_group_heading_is_a_breadcrumb_not_a_result(engine):
    with pytest.raises(NotFound):
        engine.read_section("compiling#distributed-setup")  # an H2 followed straight by its H3
    hits = engine.search(SearchRequest(query="Distributed setup NCCL engine", k=10)).results
    assert "compiling#distributed-setup" not in [hit.id for hit in hits]
    assert hits[0].id == NCCL and hits[0].breadcrumb == "Compiling > Distributed setup > " + hits[0].heading


def test_a_change_with_two_events_is_listed_in_the_range_of_each(engine):
    def brief(low, high):
        report = engine.whats_new(low, high)
        return next(((kind, c) for kind, changes in report.groups.items() for c in changes if c.id == NCCL), None)

    kind, change = brief("2.14", "2.15")  # the release that made it the default: every NCCL user upgrading
    assert kind == "behaviour-change" and change.events == ["default 2.15"] and change.default == "2.15"
    kind, change = brief("2.13", "2.14")  # the opt-in release
    assert kind == "new" and change.events == ["since 2.14"]
    kind, change = brief("2.9", "2.15")
    assert kind == "new" and change.events == ["since 2.14", "default 2.15"]
    assert brief("2.9", "2.13") is None


def test_a_small_budget_returns_the_best_section_cut_to_fit(engine):
    whole = engine.search(SearchRequest(query="torch.load weights_only", k=3))
    small = engine.search(SearchRequest(query="torch.load weights_only", k=3, max_tokens=60))
    assert [hit.id for hit in small.results] == [whole.results[0].id]  # never "no match"
    cut = small.results[0]
    assert cut.truncated is True and small.omitted == len(whole.results) - 1
    assert cut.text.startswith(whole.results[0].text.splitlines()[0])  # the heading comes first
    assert "read_section" in cut.text.splitlines()[-1] and len(cut.text) < len(whole.results[0].text)
    assert cut.text.count("```") % 2 == 0  # a code fence cut open is closed again
    tiny = engine.search(SearchRequest(query="torch.load weights_only", k=3, max_tokens=1))
    assert tiny.results and tiny.results[0].truncated


def test_an_old_section_id_resolves_to_its_canonical_section(engine):
    old, canonical = "loading#weights-only-is-the-default", "loading#torchload-defaults-to-weights_onlytrue"
    assert engine.aliases() == {old: canonical}
    assert engine.read_section(old).id == canonical
    assert [hit.id for hit in engine.search(SearchRequest(query=old)).results] == [canonical]
    with pytest.raises(NotFound):
        engine.read_section("loading#never-was")


def test_results_name_their_upstream_source(engine):
    from torchpatch.server import render

    hit = engine.read_section(NCCL)
    assert hit.sources == ["https://github.com/pytorch/pytorch/pull/191272"]
    assert "source: https://github.com/pytorch/pytorch/pull/191272" in render.section_text(hit)
    assert engine.read_section("loading#torchscript-is-deprecated").sources == []


def test_a_query_about_nothing_here_answers_no_close_match(engine):
    from torchpatch.server import render

    response = engine.search(SearchRequest(query="qwzx vbnm plok", k=5))
    assert response.close_match is False and response.results == []
    assert any("whats-new" in tip for tip in response.suggestions)
    assert render.search_text(response).startswith("No close match for 'qwzx vbnm plok'")
    assert engine.search(SearchRequest(query="weights_only", k=5)).close_match is True  # an identifier it holds


def test_a_short_query_lifts_the_overview_of_the_group_it_names():
    from torchpatch.server import ranking

    rows = {
        "d#api": {"breadcrumb": "D > FSDP2: fully_shard > fully_shard is the API", "reference": "d", "line": 40},
        "d#knob": {"breadcrumb": "D > FSDP2: fully_shard > A knob", "reference": "d", "line": 90},
        "d#other": {"breadcrumb": "D > Compile > FSDP2 with torch.compile", "reference": "d", "line": 200},
    }
    assert ranking.short_query_boosts("FSDP2", rows) == {"d#api": ranking.GROUP_BOOST}
    assert ranking.short_query_boosts("fully_shard", rows) == {"d#api": ranking.GROUP_BOOST}
    assert ranking.short_query_boosts("how do I shard a model with FSDP2", rows) == {}  # a question, not a name


def test_a_pasted_error_matches_its_section_despite_other_numbers_and_split_names():
    from torchpatch.server import ranking

    rows = {
        "a#bce": {"_norm": ranking.error_form(
            r'raises=ValueError match="^Using a target size \(torch\.Size\(\[4\]\)\) that is different to the input '
            r'size \(torch\.Size\(\[4, 1\]\)\) is deprecated\."')},
        "a#removed": {"_norm": ranking.error_form("`torch.cuda.green_contexts.SUPPORTED` is gone in 2.14")},
        "a#other": {"_norm": ranking.error_form("an unrelated section about torch.Size and green contexts")},
    }
    pasted = ("ValueError: Using a target size (torch.Size([64])) that is different to the input size "
              "(torch.Size([64, 1])) is deprecated. Please ensure they have the same size.")
    assert ranking.error_text_boosts(pasted, rows) == {"a#bce": ranking.ERROR_TEXT_BOOST}
    missing = "AttributeError: module 'torch.cuda.green_contexts' has no attribute 'SUPPORTED'"
    assert ranking.error_text_boosts(missing, rows) == {"a#removed": ranking.ERROR_TEXT_BOOST}
    assert "torch.export.export_for_training" in ranking.fragments(
        "ImportError: cannot import name 'export_for_training' from 'torch.export' (/site-packages/torch/export/__init__.py)")


def test_an_index_of_older_package_references_is_updated_on_open(tmp_path, search_refs, monkeypatch):
    """After an upgrade or a `git pull` the home's index predates the package's references: opening it
    updates it (incrementally), so answers never come from the old text."""
    refs = tmp_path / "refs"
    shutil.copytree(search_refs, refs)
    monkeypatch.setenv("TORCHPATCH_REFERENCES", str(refs))  # these are "the package's" references
    uri = str(tmp_path / "db")
    build_index(refs, uri)
    text = (refs / "compiling.md").read_text()
    assert "Mark a repeated block" in text
    (refs / "compiling.md").write_text(text.replace("Mark a repeated block", "Mark a zanzibar block"))
    engine = SearchEngine(uri, refs)
    assert "zanzibar" in engine.read_section(top(engine, "zanzibar block")).text
    again = build_index(refs, uri)
    assert (again.embedded, again.updated, again.build_id) == (0, 0, None)  # the open wrote it already


def test_an_index_of_other_references_is_never_rebuilt_on_open(tmp_path, search_refs):
    refs = tmp_path / "refs"
    shutil.copytree(search_refs, refs)
    uri = str(tmp_path / "db")
    build = build_index(refs, uri).build_id
    (refs / "compiling.md").write_text((refs / "compiling.md").read_text() + "\n")
    engine = SearchEngine(uri, refs)  # not the package's references: its owner runs `torchpatch index`
    engine.search(SearchRequest(query="torch.compile"))
    assert engine.index_state().build_id == build


def test_a_stale_index_that_cannot_be_updated_still_answers(tmp_path, search_refs, monkeypatch, caplog):
    refs = tmp_path / "refs"
    shutil.copytree(search_refs, refs)
    monkeypatch.setenv("TORCHPATCH_REFERENCES", str(refs))
    uri = str(tmp_path / "db")
    build_index(refs, uri)
    (refs / "compiling.md").write_text((refs / "compiling.md").read_text().replace("Mark a repeated block", "Mark one block"))
    monkeypatch.setattr("torchpatch.server.index.write_build", lambda *a, **k: (_ for _ in ()).throw(OSError(30, "Read-only file system")))
    with caplog.at_level("WARNING", logger="torchpatch.index"):
        engine = SearchEngine(uri, refs)
        assert top(engine, "torch.compile") is not None
    assert "could not be updated" in caplog.text and "Read-only file system" in caplog.text
