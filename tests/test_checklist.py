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

### A new engine, opt-in first, then the default
> meta: since=2.14; default=2.15; kind=new; api=torch.engine

### An old flag deprecated, then removed
> meta: since=2.11; deprecated=2.12; removed=2.14; kind=deprecation; api=torch.flag
"""


def test_committed_checklist_is_up_to_date():
    committed = (REFERENCES / "upgrade-checklist.md").read_text(encoding="utf-8")
    assert committed == checklist_for(REFERENCES), "references changed: run `make checklist`"


def test_a_change_is_listed_where_it_deprecates_removes_or_changes():
    sections = parse_text(SAMPLE, "sample.md", "sample").sections
    events = {s.title: [(str(v), label) for v, label, _ in release_events(s)] for s in sections}
    assert events["torch.old_solver raises"] == [("2.10", "deprecated"), ("2.14", "removed")]
    assert events["Strict by default"] == [("2.8", "changed")]
    assert events["A shiny new API"] == []  # additions are in whats_new, not in what breaks
    text = render_checklist(sections)
    block_214 = text.split("### Upgrading to 2.14")[1].split("###")[0]
    assert "- removed, breaking: [torch.old_solver raises](sample.md#torchold_solver-raises)" in block_214
    assert "no breaking, behaviour or deprecation change recorded" in text.split("### Upgrading to 2.5")[1].split("###")[0]


def test_a_section_with_several_events_is_listed_at_each_of_them():
    sections = parse_text(SAMPLE, "sample.md", "sample").sections
    events = {s.title: [(str(v), label, kind) for v, label, kind in release_events(s)] for s in sections}
    # the opt-in release breaks nothing; the release that makes it the default changes behaviour
    assert events["A new engine, opt-in first, then the default"] == [("2.15", "default from here", "behaviour-change")]
    assert [e[:2] for e in events["An old flag deprecated, then removed"]] == [
        ("2.11", "changed"), ("2.12", "deprecated"), ("2.14", "removed")]
    text = render_checklist(sections)
    block = lambda release: text.split(f"### Upgrading to {release}\n")[1].split("###")[0]
    assert "default from here, behaviour-change: [A new engine" in block("2.15")
    assert "A new engine" not in block("2.14")
    assert "An old flag" in block("2.12") and "An old flag" in block("2.14")
