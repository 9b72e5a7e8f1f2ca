"""Surface records and the surface ledger: every difference between stored builds is covered or a listed gap.

The stand-in builds (tests/samples/radar/old|new) are recorded with the real probe; the stored
records of torch 2.4 ... 2.15 (validators/radar/surfaces/) are checked against the real ledger,
and a planted difference must fail ``torchpatch coverage`` with exit 1 and name itself in the JSON.
"""

from __future__ import annotations

import json
import shutil
import stat
import sys
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from torchpatch.server.cli import cli
from torchpatch.validators.errors import InvalidInput
from torchpatch.validators.radar.probe_record import decode_param, encode_param
from torchpatch.validators.radar.run import load_sections, run_surface_ledger
from torchpatch.validators.radar.surface_ledger import _param_details, account, ledger_items, load_ledger
from torchpatch.validators.radar.surface_records import RECORDS_DIR, read_record, read_records, record_build

REPO = Path(__file__).resolve().parent.parent
RADAR = Path(__file__).parent / "samples" / "radar"
FAKE_REFERENCES = RADAR / "references"


def _interpreter(folder: Path, build: str) -> str:
    script = folder / f"python-{build}"
    script.write_text(f'#!/bin/sh\nPYTHONPATH="{RADAR / build}" exec "{sys.executable}" "$@"\n')
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return str(script)


@pytest.fixture(scope="module")
def fake_records(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("records")
    for build in ("old", "new"):
        record_build(_interpreter(folder, build), folder / "surfaces")
    return folder / "surfaces"


def _run(*args: str):
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.output


# --- the record ----------------------------------------------------------------------------

def test_param_tokens_round_trip():
    params = [["x", "positional-only", None], ["y", "positional", "1"], ["args", "*args", None],
              ["z", "keyword-only", "'a=b'"], ["kw", "**kwargs", None]]
    tokens = [encode_param(p) for p in params]
    assert tokens == ["/x", "y=1", "*args", ":z='a=b'", "**kw"]
    assert [decode_param(t) for t in tokens] == params


def test_a_record_holds_signatures_messages_and_absent_modules(fake_records):
    assert sorted(p.name for p in fake_records.iterdir()) == ["torch-1.0.json", "torch-1.1.json"]
    new = read_record(fake_records / "torch-1.1.json")
    assert new.version == "1.1.0"
    assert new.apis["torch.add"]["params"] == [["input", "positional", None], ["other", "positional", None],
                                               ["alpha", "keyword-only", "1"]]
    assert new.apis["torch.legacy"]["warns"] == [["FutureWarning", "torch.legacy is deprecated, use torch.add instead"]]
    assert "removed" in new.apis["torch.cholesky"]["raises"]
    # a listed module the build does not have is absent (its names count as added later), not "failed"
    assert "torch.distributed" not in new.modules and "torch.distributed" not in new.failed
    data = json.loads((fake_records / "torch-1.1.json").read_text())
    assert "signature" not in json.dumps(data) and all("__doc__" not in api for api in data["apis"])
    lines = (fake_records / "torch-1.1.json").read_text().splitlines()
    api_lines = [line for line in lines if line.startswith('  "torch')]
    assert api_lines == sorted(api_lines) and len(api_lines) == len(data["apis"])  # one API per line, sorted


def test_a_broken_record_is_a_clean_error(tmp_path):
    (tmp_path / "torch-2.4.json").write_text('{"format": 99}')
    with pytest.raises(InvalidInput, match="not a surface record"):
        read_records(tmp_path)


# --- items and accounting ------------------------------------------------------------------

def test_each_parameter_difference_is_its_own_item_and_a_lone_swap_is_a_rename():
    assert _param_details(("parameter `size` removed", "new required parameter `nbytes` (positional)")) == \
        ["parameter `size` renamed to `nbytes`"]
    two = ("parameter `a` removed", "parameter `b` removed", "new parameter `c`=1 (positional)")
    assert _param_details(two) == list(two)


def test_items_are_covered_by_sections_of_their_release_or_exactly_one_gap(fake_records, tmp_path):
    ledger = tmp_path / "ledger.toml"
    ledger.write_text(
        '[[gap]]\napi = "torch.Widget*"\nrelease = "1.1"\nreason = "the stand-in class of this fixture"\n'
        '[[gap]]\napi = "torch.compiler.*"\nchange = ["removed", "changed"]\nreason = "fixture compiler changes"\n'
        '[[gap]]\napi = "torch.compiler.compile"\ndetail = "new parameter `mode`*"\nreason = "overlaps the one above"\n'
        '[[gap]]\napi = "torch.nothing"\nreason = "matches no item at all"\n')
    records = read_records(fake_records)
    report = account(ledger_items(records), records, load_sections([str(FAKE_REFERENCES)]), load_ledger(ledger))
    covered = {key.split(" ", 2)[2].split(":")[0]: ids for key, ids in report.covered.items()}
    assert covered["torch.add"] == ("fake-changes#alpha-of-torchadd-is-keyword-only",)
    assert {"torch.cholesky", "torch.qr"} <= covered.keys()
    listed = {key: gap.index for key, gap in report.listed.items()}
    assert listed["1.1 changed torch.Widget.grow: new required parameter `step` (positional)"] == 1
    assert listed["1.1 removed torch.compiler.qr"] == 2
    assert list(report.ambiguous) == ["1.1 changed torch.compiler.compile: new parameter `mode`=None (keyword-only)"]
    assert {item.key for item in report.unaccounted} == {
        "1.1 added torch.Gadget: 1 member: spin", "1.1 renamed torch.old_name: renamed to torch.new_name",
        "1.1 changed torch.scale: default of `factor`: 1.0 -> 2.0",
        "1.1 deprecated torch.legacy: [FutureWarning] torch.legacy is deprecated, use torch.add instead"}
    assert [gap.index for gap in report.unused] == [4]
    assert report.failed()
    figures = report.per_module()["torch"]
    assert figures["differences"] == figures["covered"] + figures["gaps"] + figures["unaccounted"]


def test_a_section_of_another_release_does_not_cover(fake_records, tmp_path):
    reference = tmp_path / "ref.md"
    reference.write_text("# R\nScope: s.\n\n## Contents\n- [A](#a)\n\n## A\n### scale's factor\n"
                         "> meta: since=1.0; kind=behaviour-change; api=torch.scale\n\ntext\n")
    records = read_records(fake_records)
    report = account(ledger_items(records), records, load_sections([str(reference)]), [])
    assert not any("torch.scale" in key for key in report.covered)
    reference.write_text(reference.read_text().replace("since=1.0", "since=1.1"))
    report = account(ledger_items(records), records, load_sections([str(reference)]), [])
    assert any("torch.scale" in key for key in report.covered)


def test_a_gap_needs_a_reason_and_known_keys(tmp_path):
    path = tmp_path / "ledger.toml"
    path.write_text('[[gap]]\napi = "torch.x"\nreason = "short"\n')
    with pytest.raises(InvalidInput, match="needs a `reason`"):
        load_ledger(path)
    path.write_text('[[gap]]\napi = "torch.x"\nchange = "moved"\nreason = "a sentence of reason"\n')
    with pytest.raises(InvalidInput, match="`change` must be among"):
        load_ledger(path)
    path.write_text('[[gap]]\napi = "torch.x"\nwhy = "a sentence of reason"\nreason = "a sentence of reason"\n')
    with pytest.raises(InvalidInput, match="unknown keys"):
        load_ledger(path)


def test_todo_stubs_account_for_exactly_the_open_items(fake_records, tmp_path):
    ledger = tmp_path / "ledger.toml"
    code, output = _run("coverage", "--records", str(fake_records), "--references", str(FAKE_REFERENCES),
                        "--ledger", str(ledger), "--todo")
    assert code == 1
    stubs = tomllib.loads(output)["gap"]
    assert len(stubs) == 12 and all(stub["reason"] == "TODO" for stub in stubs)
    ledger.write_text(output.replace('reason = "TODO"', 'reason = "fixture change, no section needed"'))
    code, output = _run("coverage", "--records", str(fake_records), "--references", str(FAKE_REFERENCES),
                        "--ledger", str(ledger), "--json", str(tmp_path / "out.json"))
    report = json.loads((tmp_path / "out.json").read_text())
    assert code == 0 and not report["failed"], output
    assert report["counts"]["unaccounted"] == 0 and report["counts"]["ambiguous"] == 0
    assert report["counts"]["gaps"] == 12 and report["counts"]["covered"] == 3


# --- the stored records of the real builds -------------------------------------------------

def test_stored_records_cover_every_build_from_2_4_to_2_15():
    versions = [record.version for record in read_records(RECORDS_DIR)]
    assert [v.rsplit(".", 1)[0] if v.count(".") == 2 else v for v in versions] == \
        [f"2.{minor}" for minor in range(4, 16)]


def test_the_ledger_accounts_for_every_stored_difference(monkeypatch):
    monkeypatch.chdir(REPO)
    report = run_surface_ledger()
    assert not report.unaccounted, "\n".join(item.key for item in report.unaccounted[:40])
    assert not report.ambiguous, list(report.ambiguous)[:10]
    assert not report.unused, [gap.as_dict() for gap in report.unused]


def test_coverage_fails_on_a_planted_unaccounted_difference(tmp_path, monkeypatch):
    monkeypatch.chdir(REPO)
    records = tmp_path / "surfaces"
    shutil.copytree(RECORDS_DIR, records)
    latest = max(records.glob("torch-*.json"), key=lambda p: int(p.stem.split(".")[-1]))
    data = json.loads(latest.read_text())
    data["torch"] = "2.99.0"
    params = data["apis"]["torch.utils.data.DataLoader"]["params"]
    params[params.index("batch_size=1")] = "batch_size=64"
    (records / "torch-2.99.json").write_text(json.dumps(data))
    out = tmp_path / "report.json"
    code, output = _run("coverage", "--records", str(records), "--json", str(out))
    report = json.loads(out.read_text())
    assert code == 1 and report["failed"] is True
    assert report["unaccounted"] == [{"release": "2.99", "change": "changed", "api": "torch.utils.data.DataLoader",
                                      "kind": "class", "module": "torch.utils.data",
                                      "detail": "default of `batch_size`: 1 -> 64"}]
    assert "2.99 changed torch.utils.data.DataLoader: default of `batch_size`: 1 -> 64" in output
    code, _ = _run("coverage", "--json", str(tmp_path / "clean.json"))  # the stored records alone pass
    assert code == 0 and json.loads((tmp_path / "clean.json").read_text())["failed"] is False


# --- the checker reads the same records ----------------------------------------------------

def test_checker_rules_come_from_the_records_where_a_section_covers_the_event(fake_records):
    from torchpatch.validators.checker.surfacerules import rules_from_surface, surface_events

    events = surface_events(fake_records)
    assert str(events["torch.cholesky"]["removed"][0]) == "1.1"
    assert "deprecated" not in events.get("torch.Widget", {})  # an argument's warning is not the API's
    sections = load_sections([str(FAKE_REFERENCES)])
    rules = {rule.id: rule for rule in rules_from_surface(sections, set(), frozenset(), fake_records)}
    rule = rules["surface:fake-changes#torchcholesky-raises:torch.cholesky:removed"]
    assert rule.section == "fake-changes#torchcholesky-raises" and rule.severity == "error"
    assert "torch.cholesky is removed" in rule.message and str(rule.version) == "1.1"
    # torch.qr's section says since=1.1 and the record shows the stub from 1.1: a rule; already covered: none
    assert "surface:fake-changes#torchqr-raises:torch.qr:removed" in rules
    assert not rules_from_surface(sections, {"torch.cholesky", "torch.qr"}, frozenset(), fake_records)


def test_the_checker_flags_a_removed_argument_the_records_show_and_a_ledger_entry_covers(tmp_path, monkeypatch):
    """SequentialLR lost `verbose` in 2.7 with every LR scheduler; no explicit rule names SequentialLR."""
    monkeypatch.chdir(REPO)
    source = tmp_path / "train.py"
    source.write_text("import torch\nopt = torch.optim.SGD([torch.nn.Parameter(torch.ones(1))], lr=0.1)\n"
                      "a = torch.optim.lr_scheduler.StepLR(opt, step_size=1)\n"
                      "s = torch.optim.lr_scheduler.SequentialLR(opt, [a], milestones=[], verbose=True)\n")
    code, output = _run("check", str(source), "--format", "json")
    findings = [f for f in json.loads(output)["findings"] if f["api"] == "torch.optim.lr_scheduler.SequentialLR"]
    assert code == 1 and len(findings) == 1
    assert findings[0]["section"] == "migrations-and-security#lrscheduler-verbose-argument-removed"
    assert findings[0]["rule"] == "sequential-lr-verbose-argument-removed"  # a readable id, as the meta rules'
    assert findings[0]["code"].startswith("TP") and findings[0]["severity"] == "error"
