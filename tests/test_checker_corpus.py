"""The judged corpus: patterns seen in public PyTorch code, rewritten as small snippets. Every
`# finding: <rule-id>` line gets exactly that finding, and no other line gets one."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from torchpatch.validators.checker import check_paths, check_source, load_rules, default_references_dir

CORPUS = Path(__file__).parent / "samples" / "checker" / "corpus"
SNIPPETS = sorted(CORPUS.glob("*.py"))
PROJECTS = sorted(p for p in (CORPUS / "projects").iterdir() if p.is_dir())  # evidence across files
_MARK = re.compile(r"#\s*finding:\s*([\w.:#-]+)\s*$")


def expected_findings(code: str) -> set[tuple[int, str]]:
    return {(number, match.group(1)) for number, line in enumerate(code.splitlines(), start=1)
            if (match := _MARK.search(line))}


@pytest.fixture(scope="module")
def rules():
    return load_rules(default_references_dir())


def test_corpus_has_both_kinds_of_judgement():
    marked = sum(bool(expected_findings(p.read_text())) for p in SNIPPETS)
    assert len(SNIPPETS) >= 20 and 0 < marked < len(SNIPPETS)


@pytest.mark.parametrize("snippet", SNIPPETS, ids=lambda p: p.stem)
def test_judged_snippet(snippet, rules):
    code = snippet.read_text()
    actual = {(f.line, f.rule) for f in check_source(code, "2.15", snippet.name, rules=rules)}
    assert actual == expected_findings(code)


@pytest.mark.parametrize("project", PROJECTS, ids=lambda p: p.name)
def test_judged_project(project, rules):
    """Checked as one run: a finding's evidence may be in another file of the folder."""
    report = check_paths([project], "2.15", rules=rules)
    assert not report.errors
    actual = {(Path(f.file).relative_to(project).as_posix(), f.line, f.rule) for f in report.findings}
    expected = {(path.relative_to(project).as_posix(), line, rule) for path in sorted(project.rglob("*.py"))
                for line, rule in expected_findings(path.read_text())}
    assert actual == expected


def test_projects_hold_both_kinds_of_judgement():
    marks = [bool(expected_findings(p.read_text())) for project in PROJECTS for p in project.rglob("*.py")]
    assert len(PROJECTS) >= 3 and any(marks) and not all(marks)


def test_skipped_files_count_for_own_methods_from_a_relative_path(rules, monkeypatch):
    """`torchpatch check .` names files relative to the working folder: the classes of a file the walk skips (no
    torch import) still answer a method call of the same project, as for an absolute path."""
    project = CORPUS / "projects" / "own_named_tensor_class"
    monkeypatch.chdir(project)
    report = check_paths(["."], "2.15", rules=rules)
    assert not report.errors
    assert {(Path(f.file).as_posix(), f.line, f.rule) for f in report.findings} == {
        ("named/test_core.py", 9, "meshgrid-without-indexing")}
