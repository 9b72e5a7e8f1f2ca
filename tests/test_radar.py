"""The release radar: API surfaces of two stand-in torch builds, their diff, and the coverage check.

Each stand-in build (tests/samples/radar/old|new/torch) runs under this interpreter with its
own PYTHONPATH, through a two-line wrapper script that plays the part of a build's interpreter.
"""

from __future__ import annotations

import json
import os
import stat
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from torchpatch.server.cli import cli
from torchpatch.validators.errors import InvalidInput
from torchpatch.validators.radar import collect_surfaces, diff_surfaces
from torchpatch.validators.radar.coverage import check_coverage
from torchpatch.validators.radar.gaps import load_gaps
from torchpatch.validators.radar.params import compare_params
from torchpatch.validators.radar.run import load_sections, run_coverage

RADAR = Path(__file__).parent / "samples" / "radar"
REFERENCES = RADAR / "references"
REPO = Path(__file__).resolve().parent.parent


def _interpreter(folder: Path, build: str) -> str:
    script = folder / f"python-{build}"
    script.write_text(f'#!/bin/sh\nPYTHONPATH="{RADAR / build}" exec "{sys.executable}" "$@"\n')
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return str(script)


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("TORCHPATCH_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def builds(tmp_path, home) -> tuple[str, str]:
    return _interpreter(tmp_path, "old"), _interpreter(tmp_path, "new")


@pytest.fixture
def diff(builds):
    return diff_surfaces(*collect_surfaces(list(builds), use_cache=False))


def _one(diff, api):
    found = [c for c in diff.changes if c.api == api]
    assert len(found) == 1, (api, found)
    return found[0]


# --- collecting a surface ---------------------------------------------------------------

def test_surface_has_public_names_only_and_skips_tests(builds):
    old, new = collect_surfaces(list(builds), use_cache=False)
    assert old.version == "1.0.0" and new.version == "1.1.0"
    assert {"torch.add", "torch.Widget.grow", "torch.nn.functional.relu", "torch.utils.gone"} <= old.apis.keys()
    assert not [path for path in old.apis if "._" in path or path.startswith("torch.tests")]
    assert "torch.tests.fake_case" not in old.failed  # tests are never imported
    assert old.apis["torch.add"]["params"] == [["input", "positional", None], ["other", "positional", None],
                                               ["alpha", "positional", "1"]]
    assert old.looked_at("torch.nn") and not old.looked_at("torch.utils.needs_extra")


def test_a_stub_that_always_raises_is_seen_as_such(builds):
    _, new = collect_surfaces(list(builds), use_cache=False)
    assert "removed" in new.apis["torch.cholesky"]["raises"]
    assert "torch.linalg.qr" in new.apis["torch.qr"]["raises"]  # statements before the raise do not hide it
    assert "raises" not in new.apis["torch.nn.Module.forward"]  # NotImplementedError marks an interface
    assert not new.works("torch.cholesky") and new.works("torch.linalg.cholesky")
    assert new.apis["torch.legacy"]["deprecated"].startswith("torch.legacy is deprecated")


def test_private_names_asked_for_are_described(builds):
    old, _ = collect_surfaces(list(builds), names=["torch._internal.hidden", "torch.nowhere"], use_cache=False)
    assert old.apis["torch._internal.hidden"]["kind"] == "function"
    assert "torch.nowhere" in old.missing


def test_a_complete_surface_is_cached(builds, home):
    first, _ = collect_surfaces(list(builds))
    again, _ = collect_surfaces(list(builds))
    assert not first.cached and again.cached and again.apis == first.apis
    assert list((home / "radar").glob("*.json"))


def test_budget_skips_are_not_compared_never_removed(builds):
    old, new = collect_surfaces(list(builds), budget_s=0, use_cache=False)
    assert "torch.utils.gone" in old.skipped
    result = diff_surfaces(old, new)
    assert "torch.utils.gone" in result.not_compared
    assert not [c for c in result.changes if c.api.startswith("torch.utils")]


# --- the diff ---------------------------------------------------------------------------

def test_removed_stubs_name_their_replacement(diff):
    cholesky = _one(diff, "torch.cholesky")
    assert (cholesky.change, cholesky.replacement) == ("removed", "torch.linalg.cholesky")
    assert "always raises" in cholesky.details[0]
    assert _one(diff, "torch.qr").replacement == "torch.linalg.qr"
    factor = _one(diff, "torch.Widget.factor")  # raises one call deep, through the stub it hands over to
    assert (factor.change, factor.replacement) == ("removed", "torch.linalg.cholesky")
    assert not diff.find("torch.CopiedWidget.factor")  # reported once, where it is defined
    dropped = _one(diff, "torch.compiler.qr")
    assert (dropped.details, dropped.replacement) == (("still available as torch.linalg.qr",), "torch.linalg.qr")
    moved_out = _one(diff, "torch.compiler.Options")  # described there first, yet defined in nn.functional
    assert moved_out.details == ("still available as torch.nn.functional.Options",)


def test_signature_changes_carry_severity(diff):
    add = _one(diff, "torch.add")
    assert (add.change, add.severity, add.details) == ("changed", "breaking", ("`alpha`: positional -> keyword-only",))
    assert _one(diff, "torch.scale").details == ("default of `factor`: 1.0 -> 2.0",)
    assert _one(diff, "torch.scale").severity == "behaviour"
    assert _one(diff, "torch.Widget").severity == "compatible"
    assert _one(diff, "torch.Widget.grow").details == ("new required parameter `step` (positional)",)
    assert _one(diff, "torch.Widget.shrink").change == "removed"


def test_renames_moves_and_kind_changes(diff):
    assert _one(diff, "torch.old_name").replacement == "torch.new_name"
    moved = _one(diff, "torch.utils.helpers.flatten_tree")
    assert (moved.change, moved.replacement) == ("renamed", "torch.utils.tree.flatten_tree")
    assert not [c for c in diff.changes if c.api in ("torch.new_name", "torch.utils.tree.flatten_tree")]
    precompile = _one(diff, "torch.compiler.precompile")
    assert precompile.details == ("was a function, now a module",)
    added = {c.api for c in diff.of("added")}
    assert {"torch.compiler.precompile.capture", "torch.compiler.precompile.load"} <= added


def test_members_fold_into_their_removed_module_and_failed_imports_are_not_compared(diff):
    gone = _one(diff, "torch.utils.gone")
    assert gone.details == ("3 members: Holder, first",)
    assert not [c for c in diff.changes if c.api.startswith("torch.utils.gone.")]
    assert "a_package_nobody_installed" in diff.not_compared["torch.utils.needs_extra"]
    assert not [c for c in diff.changes if "needs_extra" in c.api]
    assert _one(diff, "torch.legacy").change == "deprecated"


def test_compare_params_reads_like_a_caller():
    old = [["x", "positional", None], ["y", "positional", "1"], ["z", "keyword-only", "None"]]
    assert compare_params(old, old) == []
    inserted = compare_params(old, [["x", "positional", None], ["w", "positional", "0"], *old[1:]])
    assert [c.severity for c in inserted] == ["compatible", "breaking"]  # an optional param that shifts y
    assert "moved from position 1 to 2" in inserted[1].text
    widened = compare_params(old, [["x", "positional", None], ["y", "positional", "1"], ["z", "positional", "None"]])
    assert [(c.text, c.severity) for c in widened] == [("`z`: keyword-only -> positional", "compatible")]
    swallowed = compare_params(old, [*old[:2], ["kwargs", "**kwargs", None]])
    assert [c.severity for c in swallowed] == ["behaviour", "compatible"]


# --- gaps and coverage ------------------------------------------------------------------

def test_gaps_file_needs_a_reason_for_every_entry(tmp_path):
    path = tmp_path / "gaps.toml"
    path.write_text('[[gap]]\napi = "torch.scale"\nreason = "  "\n')
    with pytest.raises(InvalidInput, match="needs a `reason`"):
        load_gaps(path)
    path.write_text('[[gap]]\napi = "torch.utils.*"\nreason = "internal helpers"\ncolour = "red"\n')
    with pytest.raises(InvalidInput, match="unknown keys"):
        load_gaps(path)
    assert load_gaps(tmp_path / "absent.toml") == []


def test_coverage_sorts_changes_into_covered_listed_and_gaps(diff, tmp_path):
    path = tmp_path / "gaps.toml"
    path.write_text('[[gap]]\napi = "torch.utils.*"\nreason = "internal helpers"\n'
                    '[[gap]]\napi = "torch.nothing.matches"\nreason = "stale entry"\n')
    report = check_coverage(diff, load_sections([str(REFERENCES)]), load_gaps(path))
    assert report.covered["torch.cholesky"] == ("fake-changes#torchcholesky-raises",)
    assert set(report.covered) == {"torch.cholesky", "torch.qr", "torch.add"}
    assert {"torch.utils.gone", "torch.utils.helpers.flatten_tree"} <= set(report.listed)
    assert {c.api for c in report.gaps} == {"torch.Widget.grow", "torch.Widget.shrink", "torch.Widget.factor",
                                            "torch.old_name", "torch.compiler.qr", "torch.compiler.Options",
                                            "torch.scale", "torch.compiler.precompile",
                                            # additions need a section or a listed reason too
                                            "torch.Gadget", "torch.compiler.precompile.capture",
                                            "torch.compiler.precompile.load", "torch.compiler.precompile.Capture"}
    assert "torch.Widget" not in {c.api for c in report.gaps}  # a new optional parameter needs no section
    stale = {(s.api, s.why.split(":")[0]) for s in report.stale}
    assert stale == {("torch.qr", "always raises in torch 1.1.0"), ("torch.vanished", "not found in torch 1.1.0")}
    assert [g.api for g in report.unused] == ["torch.nothing.matches"]
    assert report.failed()
    strict = check_coverage(diff, load_sections([str(REFERENCES)]), load_gaps(path), severity="compatible")
    assert {"torch.Widget", "torch.compiler.compile"} <= {c.api for c in strict.gaps}


def test_an_addition_is_covered_by_its_own_name_or_a_member(diff, tmp_path):
    from torchpatch.validators.markdown import parse_text

    def covered_by(api_line: str) -> set[str]:
        text = ("# Additions\nScope: test.\n\n## Contents\n- [New](#new)\n\n## New\n"
                f"### A new thing\n> meta: since=1.1; kind=new; api={api_line}\n")
        sections = parse_text(text, "additions.md", "additions").sections
        report = check_coverage(diff, sections, [])
        return {api for api, ids in report.covered.items() if "additions#a-new-thing" in ids}

    assert "torch.Gadget" in covered_by("torch.Gadget")
    assert "torch.Gadget" in covered_by("torch.Gadget.spin")  # a section on a member covers the new class
    assert "torch.Gadget" not in covered_by("torch")  # naming the package covers none of its additions
    assert "torch.compiler.precompile.load" in covered_by("torch.compiler.precompile.load")


def test_an_addition_is_covered_through_another_path_of_the_same_object():
    from types import SimpleNamespace

    from torchpatch.validators.radar.coverage import _names_for, _paths_by_object
    from torchpatch.validators.radar.diff import Change

    apis = {  # the shapes the probe writes: a re-export points to its home, or is an alias of the first path
        "torch.dist.set_timeout": {"kind": "function", "home": "torch.dist.c10d.set_timeout"},
        "torch.dist.c10d.set_timeout": {"kind": "function"},
        "torch.prof.Event": {"kind": "class", "alias_of": "torch.prof.util.Event"},
        "torch.prof.util.Event": {"kind": "class"},
    }
    new = SimpleNamespace(apis=apis)
    same = _paths_by_object(new)
    diff = SimpleNamespace(old=SimpleNamespace(apis={}), new=new)
    names = _names_for(Change("torch.dist.c10d.set_timeout", "added", "function", "compatible"), diff, same)
    assert "torch.dist.set_timeout" in names
    member = _names_for(Change("torch.prof.Event.metadata", "added", "property", "compatible"), diff, same)
    assert "torch.prof.util.Event.metadata" in member  # a new member seen through a re-exported class


def test_coverage_passes_once_every_gap_is_listed(builds, tmp_path):
    path = tmp_path / "gaps.toml"
    entries = ["torch.utils.*", "torch.Widget.*", "torch.old_name", "torch.scale", "torch.compiler.*",
               "torch.qr", "torch.vanished", "torch.Gadget"]
    path.write_text("".join(f'[[gap]]\napi = "{api}"\nreason = "deliberate"\n' for api in entries))
    report = run_coverage(*builds, references=[str(REFERENCES)], gaps_file=path, use_cache=False)
    assert not report.failed(), (report.gaps, report.stale)


# --- the CLI ----------------------------------------------------------------------------

def test_api_diff_command_prints_and_writes_json(builds, tmp_path):
    out = tmp_path / "diff.json"
    result = CliRunner().invoke(cli, ["api-diff", "--old", builds[0], "--new", builds[1], "--json", str(out)])
    assert result.exit_code == 0, result.output
    assert "torch.cholesky (function, breaking) -> use torch.linalg.cholesky" in result.output
    data = json.loads(out.read_text())
    assert data["counts"]["renamed"] == 2 and data["old"]["torch"] == "1.0.0"
    assert {"api": "torch.old_name", "change": "renamed", "kind": "function", "severity": "breaking",
            "details": ["renamed to torch.new_name"], "replacement": "torch.new_name"} in data["changes"]


def test_coverage_command_exits_non_zero_on_an_unlisted_gap(builds, tmp_path):
    args = ["coverage", "--old", builds[0], "--new", builds[1], "--references", str(REFERENCES),
            "--gaps", str(tmp_path / "none.toml"), "--json", str(tmp_path / "cov.json")]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 1, result.output
    assert "torch.Widget.grow" in result.output and "FAIL:" in result.output
    assert "fake-changes.md:13 [fake-changes#torchqr-raises] torch.qr" in result.output
    assert json.loads((tmp_path / "cov.json").read_text())["failed"] is True


def test_unknown_interpreter_is_a_clean_error(tmp_path):
    broken = tmp_path / "python-broken"
    broken.write_text("#!/bin/sh\nexit 3\n")
    broken.chmod(0o755)
    result = CliRunner().invoke(cli, ["api-diff", "--old", str(broken), "--new", sys.executable])
    assert result.exit_code == 1 and "Error:" in result.output


# --- the real builds --------------------------------------------------------------------

OLD_TORCH = REPO / ".venv-2.13" / "bin" / "python"
PINNED_TORCH = REPO / ".venv" / "bin" / "python"


@pytest.mark.slow
@pytest.mark.skipif(not OLD_TORCH.exists(), reason="needs the torch 2.13.0 build in .venv-2.13")
def test_real_builds_2_13_against_pinned(home):
    result = diff_surfaces(*collect_surfaces([str(OLD_TORCH), str(PINNED_TORCH)]))
    assert result.old.version.startswith("2.13") and not result.old.skipped and not result.new.skipped
    for api, replacement in (("torch.cholesky", "torch.linalg.cholesky"), ("torch.qr", "torch.linalg.qr")):
        change = _one(result, api)
        assert (change.change, change.replacement) == ("removed", replacement)
        assert "always raises" in change.details[0]
    precompile = _one(result, "torch.compiler.precompile")
    assert precompile.change == "added" and "capture" in precompile.details[0] and "load" in precompile.details[0]
    assert {"torch.compiler.nonstrict_trace", "torch.compiler.PrecompileError"} <= {c.api for c in result.of("added")}
