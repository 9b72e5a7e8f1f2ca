"""references/upgrade-checklist.md is generated from section metadata and must match it."""

from __future__ import annotations

from pathlib import Path

from torchpatch.server.skillpack.checklist import checklist_for, release_events, render_checklist
from torchpatch.validators.markdown import parse_text

REFERENCES = Path(__file__).resolve().parent.parent / "references"

SAMPLE = """# Sample
Scope: test.

## Contents
- [A](#a)

## Changes
### torch.old_solver raises
> meta: since=2.10; deprecated=2.10; removed=2.14; kind=breaking; api=torch.old_solver

### Strict by default
> meta: since=2.8; kind=behaviour-change; api=torch.export.export

### A shiny new API
> meta: since=2.15; kind=new; api=torch.shiny
"""


def test_committed_checklist_is_up_to_date():
    committed = (REFERENCES / "upgrade-checklist.md").read_text(encoding="utf-8")
    assert committed == checklist_for(REFERENCES), "references changed: run `make checklist`"


def test_a_change_is_listed_where_it_deprecates_removes_or_changes():
    sections = parse_text(SAMPLE, "sample.md", "sample").sections
    events = {s.title: [(str(v), label) for v, label in release_events(s)] for s in sections}
    assert events["torch.old_solver raises"] == [("2.10", "deprecated"), ("2.14", "removed")]
    assert events["Strict by default"] == [("2.8", "changed")]
    assert events["A shiny new API"] == []  # additions are in whats_new, not in what breaks
    text = render_checklist(sections)
    block_214 = text.split("### Upgrading to 2.14")[1].split("###")[0]
    assert "- removed, breaking: [torch.old_solver raises](sample.md#torchold_solver-raises)" in block_214
    assert "no breaking, behaviour or deprecation change recorded" in text.split("### Upgrading to 2.5")[1].split("###")[0]
