"""``torchpatch validate`` end to end on sample references, one status per case."""

from __future__ import annotations

import json
import os
import re
import sys
from xml.etree import ElementTree as ET

import pytest
from click.testing import CliRunner

from torchpatch.server.cli import cli
from torchpatch.validators.markdown import parse_reference
from torchpatch.validators.report import as_json
from torchpatch.validators.shard import parse_shard, select_shard
from torchpatch.validators.validate import ValidationOptions, load_snippets, validate


def _by_case(run):
    """Map each snippet's ``# case: NAME`` comment to its result."""
    cases = {}
    for snippet, result in zip(run.snippets, run.results[run.builds[0].python_path]):
        match = re.search(r"# case: ([\w-]+)", snippet.code)
        cases[match[1]] = result
    return cases


@pytest.fixture(scope="session")
def statuses_run(samples):
    previous = os.environ.get("CI")
    os.environ["CI"] = "true"  # as in a CI job: snippets must not see it
    try:
        return validate([samples / "validate" / "statuses.md"], ValidationOptions(use_cache=False, jobs=2))
    finally:
        os.environ.pop("CI") if previous is None else os.environ.__setitem__("CI", previous)


@pytest.fixture(scope="session")
def cases(statuses_run):
    return _by_case(statuses_run)


def test_passing_snippet(cases):
    assert cases["pass"].status == "passed"


def test_failing_snippet_points_at_its_markdown_line(cases, samples):
    result = cases["fail"]
    assert result.status == "failed"
    lines = (samples / "validate" / "statuses.md").read_text().splitlines()
    assert lines[result.error_line - 1].strip().startswith("assert total == 4")
    assert f'statuses.md", line {result.error_line}' in result.message
    assert "AssertionError: sum was 3.0" in result.message


def test_raises_matched_and_mismatched(cases):
    assert cases["raises-matched"].status == "passed"
    assert cases["raises-wrong-message"].status == "failed"
    assert "does not match" in cases["raises-wrong-message"].message
    assert cases["raises-wrong-type"].status == "failed"
    assert "expected KeyError" in cases["raises-wrong-type"].message
    assert cases["raises-nothing"].status == "failed"
    assert "finished normally" in cases["raises-nothing"].message


def test_known_bug_reproducing_and_fixed(cases):
    assert cases["known-bug-reproduces"].status == "known-bug"
    assert cases["known-bug-fixed"].status == "known-bug-fixed"


def test_timeout_abort_and_segfault_fail_only_their_snippet(cases):
    assert cases["timeout"].status == "timeout"
    assert 2 <= cases["timeout"].duration_s < 10
    assert cases["abort"].status == "failed" and "SIGABRT" in cases["abort"].message
    assert cases["segfault"].status == "failed" and "SIGSEGV" in cases["segfault"].message


def test_world_size_two_under_gloo(cases):
    assert cases["world-size"].status == "passed"


def test_world_size_names_the_failing_rank(cases):
    result = cases["world-size-rank-fails"]
    assert result.status == "failed"
    assert "rank 1 of 2 failed" in result.message


def test_cuda_snippet_is_skipped_with_its_reason_on_cpu(cases):
    result = cases["cuda-skip"]
    assert result.status == "skipped"
    assert result.message == "needs CUDA: none present (needs a GPU kernel)"
    assert cases["skipped"].message == "skip: pseudo-code, not meant to run"


def test_static_tier_catches_a_removed_api_even_in_a_skipped_snippet(cases):
    assert cases["static-removed-api"].status == "failed"
    assert "torch.export.export_for_training" in cases["static-removed-api"].message
    assert cases["static-in-skipped"].status == "failed"
    assert "static check" in cases["static-in-skipped"].message


def test_setup_chain_shares_the_namespace(cases):
    assert cases["setup-base"].status == "passed"
    assert cases["setup-user"].status == "passed"


def test_noisy_and_hungry_snippets_are_contained(cases):
    assert cases["prints-megabytes"].status == "passed"
    assert cases["memory-hog"].status == "failed"
    assert "MemoryError" in cases["memory-hog"].message


def test_run_fails_overall(statuses_run):
    assert statuses_run.failed()


def test_cache_hit_skips_the_rerun_and_misses_on_change(tmp_path, fresh_home):
    doc = tmp_path / "cached.md"
    body = "# C\nScope: x\n## Contents\n## S\n```python\nimport time\ntime.sleep(0.5)\nassert {value}\n```\n"
    doc.write_text(body.format(value="True"))
    first = validate([doc], ValidationOptions())
    assert first.results[sys.executable][0].cached is False
    moved = tmp_path / "moved.md"  # a moved snippet keeps its cache entry: the key holds no path or line
    moved.write_text("\n\n" + body.format(value="True"))
    second = validate([moved], ValidationOptions())
    assert second.results[sys.executable][0].cached is True
    assert second.results[sys.executable][0].status == "passed"
    doc.write_text(body.format(value="1 == 1"))
    third = validate([doc], ValidationOptions())
    assert third.results[sys.executable][0].cached is False
    forced = validate([moved], ValidationOptions(use_cache=False))
    assert forced.results[sys.executable][0].cached is False


def test_process_isolation_gives_the_same_statuses(samples, fresh_home, tmp_path):
    doc = tmp_path / "two.md"
    doc.write_text("# T\nScope: x\n## Contents\n## S\n```python\nimport torch\nassert torch.ones(1).item() == 1\n```\n"
                   "```python raises=RuntimeError\nraise RuntimeError('x')\n```\n")
    run = validate([doc], ValidationOptions(isolation="process"))
    assert [r.status for r in run.results[sys.executable]] == ["passed", "passed"]


def test_shards_partition_the_snippets_deterministically(samples):
    snippets, _ = load_snippets([samples / "validate" / "statuses.md"])
    shards = [select_shard(snippets, i, 3, key=lambda s: s.id, duration=lambda s: None) for i in (1, 2, 3)]
    ids = [s.id for shard in shards for s in shard]
    assert sorted(ids) == sorted(s.id for s in snippets)
    assert len(set(ids)) == len(ids)
    again = select_shard(snippets, 2, 3, key=lambda s: s.id, duration=lambda s: None)
    assert [s.id for s in again] == [s.id for s in shards[1]]
    with pytest.raises(ValueError):
        parse_shard("4/3")


def test_shards_balance_by_duration(samples):
    snippets, _ = load_snippets([samples / "validate" / "statuses.md"])
    slow = snippets[0].id
    durations = {s.id: (100.0 if s.id == slow else 1.0) for s in snippets}
    shard_with_slow = next(i for i in (1, 2) if slow in
                           [s.id for s in select_shard(snippets, i, 2, key=lambda s: s.id, duration=lambda s: durations[s.id])])
    alone = select_shard(snippets, shard_with_slow, 2, key=lambda s: s.id, duration=lambda s: durations[s.id])
    assert [s.id for s in alone] == [slow]


def test_cli_writes_json_and_junit_and_exits_nonzero(samples, tmp_path, fresh_home):
    json_path, junit_path = tmp_path / "r.json", tmp_path / "r.xml"
    result = CliRunner().invoke(cli, ["validate", str(samples / "validate" / "claims.md"), "-q",
                                      "--json", str(json_path), "--junit", str(junit_path)])
    assert result.exit_code == 1, result.output  # torch.cholesky fails on the pinned build
    report = json.loads(json_path.read_text())
    assert report["torch"]["pinned"] is True
    assert {"file", "line", "section", "status", "markers", "duration_s", "message"} <= set(report["results"][0])
    statuses = [r["status"] for r in report["results"]]
    assert statuses == ["passed", "failed", "passed", "passed"]
    suite = ET.parse(junit_path).getroot().find("testsuite")
    names = [case.get("name") for case in suite.findall("testcase")]
    assert names[0].endswith("claims.md:11")
    assert suite.get("failures") == "1"


def test_malformed_reference_fails_the_run(samples, fresh_home):
    result = CliRunner().invoke(cli, ["validate", str(samples / "validate" / "malformed.md"), "-q"])
    assert result.exit_code == 1
    assert "malformed.md:33: unclosed code fence" in result.output


def test_unpinned_build_is_reported_loudly(samples, fresh_home):
    run = validate([samples / "validate" / "claims.md"], ValidationOptions())
    build = run.builds[0]
    assert build.pinned is (build.torch.split("+")[0] == "2.15.0")
    assert as_json(run)["torch"]["pin"] == "2.15.0"


def test_a_snippet_runs_as_the_main_module_like_a_script(cases):
    # Classes it defines pickle; Dynamo's guards on globals look the module up the same way.
    assert cases["runs-as-main-module"].status == "passed", cases["runs-as-main-module"].message


def test_static_tier_does_not_resolve_past_a_value(cases):
    # torch.version.cuda is None on CPU builds: `.replace` on it is a value's method, not a torch name
    assert cases["static-stops-at-values"].status == "passed"


def test_snippets_never_see_the_ci_variable(cases):
    assert cases["ci-variable-hidden"].status == "passed"


def test_snippets_cannot_import_the_harness_modules(cases):
    assert cases["harness-modules-hidden"].status == "passed"


def test_shards_run_one_after_another_cover_every_snippet_once(tmp_path, monkeypatch):
    # The split must not depend on the durations the first shard records in the shared cache.
    monkeypatch.setenv("TORCHPATCH_HOME", str(tmp_path / "home"))
    doc = tmp_path / "shards.md"
    sleeps = [0.6, 0.0, 0.3, 0.0, 0.0, 0.2]
    doc.write_text("# Shards\n\n## Section\n\n" + "".join(
        f"```python\nimport time\ntime.sleep({s})  # snippet {n}\n```\n\n" for n, s in enumerate(sleeps)))
    ran = []
    for index in (1, 2, 3):
        run = validate([doc], ValidationOptions(jobs=1, shard=(index, 3)))
        ran += [r.line for r in run.results[sys.executable]]
    assert sorted(ran) == sorted(s.line for s in load_snippets([doc])[0])
