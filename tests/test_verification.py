"""The verification record: shown only while a section's content matches what ran (see verification.py)."""

from __future__ import annotations

import datetime
import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from torchpatch.server.cli import cli
from torchpatch.server.records import load_records, load_report
from torchpatch.validators.markdown import parse_reference
from torchpatch.validators.verification import RECORD_NAME, load_record, section_hash, section_status

SAMPLE = Path(__file__).parent / "samples" / "verification" / "demo.md"
TODAY = datetime.date.today().isoformat()


def _this_run(date: str) -> bool:
    """A date a validation of this test run may have recorded: from the day the module was read to today (a run
    that crosses midnight records the later day)."""
    return TODAY <= date <= datetime.date.today().isoformat()


def _section(path: Path, section_id: str):
    return next(s for s in parse_reference(path).sections if s.id == section_id)


def _statuses(references: Path, home: Path) -> dict[str, tuple[str, dict]]:
    records, _ = load_records(references, load_report(home / RECORD_NAME))
    return {r.id: (r.verified, json.loads(r.verification)) for r in records}


def _validate(*args: str) -> None:
    result = CliRunner().invoke(cli, ["validate", "-q", *args])
    assert result.exit_code in (0, 1), result.output


@pytest.fixture
def shipped(tmp_path, fresh_home) -> Path:
    """A references folder with its record, as `make validate` writes it."""
    references = tmp_path / "references"
    references.mkdir()
    shutil.copy(SAMPLE, references / "demo.md")
    _validate(str(references / "demo.md"), "--record", str(references / RECORD_NAME))
    return references


def test_shipped_record_marks_sections_verified_with_build_device_and_date(shipped, fresh_home):
    record = load_record(shipped / RECORD_NAME)
    section = _section(shipped / "demo.md", "demo#tensors-add")
    cpu = record["demo#tensors-add"][section_hash(section)]["cpu"]
    assert cpu["status"] == "passed" and cpu["torch"] == "2.15.0" and _this_run(date := cpu["date"])
    assert [s["status"] for s in cpu["snippets"]] == ["passed"]

    (fresh_home / RECORD_NAME).unlink()  # what a fresh install sees: the shipped record alone
    text, structured = _statuses(shipped, fresh_home)["demo#tensors-add"]
    assert text == f"verified on torch 2.15.0: cpu {date}; cuda: not run"
    assert structured["status"] == "verified" and structured["devices"] == ["cpu"]
    assert structured["runs"]["cuda"] is None and structured["torch"] == "2.15.0" and structured["date"] == date
    assert _statuses(shipped, fresh_home)["demo#prose-only"][0] == "no runnable snippet"


def test_validating_a_broken_copy_elsewhere_leaves_the_real_section_unchanged(shipped, fresh_home, tmp_path):
    before = _statuses(shipped, fresh_home)
    copy = tmp_path / "elsewhere"
    copy.mkdir()
    text = SAMPLE.read_text().replace("[2.0, 2.0]", "[3.0, 3.0]  # broken")
    (copy / "demo.md").write_text(text)
    _validate(str(copy / "demo.md"))

    assert _statuses(shipped, fresh_home) == before  # same ids, other content: not shown for the real one
    text, structured = _statuses(copy, fresh_home)["demo#tensors-add"]  # the copy is shown as it ran
    assert text.startswith("FAILED on torch 2.15.0 cpu ") and "AssertionError" in text
    assert _this_run(text.removeprefix("FAILED on torch 2.15.0 cpu ").partition(":")[0])
    assert structured["status"] == "failed" and structured["reason"]


def test_an_edited_section_is_stale_until_validated_again(shipped, fresh_home):
    (fresh_home / RECORD_NAME).unlink()
    path = shipped / "demo.md"
    path.write_text(path.read_text().replace("elementwise sum", "elementwise sum (broadcasting too)"))
    text, structured = _statuses(shipped, fresh_home)["demo#tensors-add"]
    assert text.startswith("changed since last validated (last: verified on torch 2.15.0: cpu")
    assert structured["status"] == "stale" and structured["reason"] == "changed since last validated"

    _validate(str(path))  # a local run of exactly this content may add to what is shown
    assert _statuses(shipped, fresh_home)["demo#tensors-add"][1]["status"] == "verified"


def test_status_rules_without_running_anything():
    section = _section(SAMPLE, "demo#tensors-add")
    digest = section_hash(section)

    def run(status, device="cpu", date="2026-12-02", message="", gpu=None):
        snippet = {"line": 14, "status": "failed" if status == "failed" else status, "message": message}
        return {device: {"torch": "2.15.0", "date": date, "status": status, "gpu": gpu, "snippets": [snippet]}}

    assert section_status(section, {}, {})["text"] == "not validated yet"
    both = {**run("passed"), **run("passed", "cuda", gpu="NVIDIA H200")}
    assert section_status(section, {section.id: {digest: both}}, {})["text"] == (
        "verified on torch 2.15.0: cpu 2026-12-02; cuda (NVIDIA H200) 2026-12-02")
    failed = section_status(section, {section.id: {digest: run("failed", message="AssertionError: no")}}, {})
    assert failed["text"] == "FAILED on torch 2.15.0 cpu 2026-12-02: AssertionError: no"
    # A newer local run of the same content on the same device replaces the shipped one.
    local = {section.id: {digest: run("passed", date="2026-12-03")}}
    assert section_status(section, {section.id: {digest: run("failed")}}, local)["status"] == "verified"
    # Local results for other content of the same id say nothing about this content.
    assert section_status(section, {}, {section.id: {"0" * 64: run("failed")}})["status"] == "not-validated"
    skipped = section_status(section, {section.id: {digest: run("skipped", message="needs cuda")}}, {})
    assert skipped["status"] == "not-run" and "needs cuda" in skipped["text"]


def test_committed_record_is_readable_and_matches_the_format():
    """references/verification.json is what a wheel ships; it must parse and name only real sections."""
    references = Path(__file__).resolve().parent.parent / "references"
    record = load_record(references / RECORD_NAME)
    if not record:
        pytest.skip("no committed record yet: `make validate` writes it")
    ids = {s.id for path in references.glob("*.md") if path.name != "README.md"
           for s in parse_reference(path).sections}
    assert set(record) <= ids
    for hashes in record.values():
        for devices in hashes.values():
            assert set(devices) <= {"cpu", "cuda"}
            assert all(run["status"] in ("passed", "failed", "skipped") for run in devices.values())


def test_a_setup_block_in_another_section_is_part_of_the_sections_content(tmp_path):
    """Editing a setup block changes the status of every section whose snippets run it."""
    def hashes(setup_line: str, prose: str) -> dict[str, str]:
        path = tmp_path / "chain.md"
        path.write_text(
            "# Chain\nScope: setup blocks shared across sections.\n\n"
            f"## Model\n> meta: since=2.4; kind=new; api=torch.nn.Linear\n\n{prose}\n\n"
            f"```python name=model\nimport torch\n{setup_line}\n```\n\n"
            "## Uses the model\n> meta: since=2.4; kind=new; api=torch.nn.Module\n\nIt has weights.\n\n"
            "```python setup=model\nassert model.weight.shape == (2, 3)\n```\n")
        return {s.id: section_hash(s) for s in parse_reference(path).sections}

    before = hashes("model = torch.nn.Linear(3, 2)", "A small model.")
    edited_setup = hashes("model = torch.nn.Linear(3, 4)", "A small model.")
    edited_prose = hashes("model = torch.nn.Linear(3, 2)", "A small linear model.")
    assert edited_setup["chain#uses-the-model"] != before["chain#uses-the-model"]
    assert edited_prose["chain#uses-the-model"] == before["chain#uses-the-model"]  # the code it runs is the same
    assert edited_prose["chain#model"] != before["chain#model"]
