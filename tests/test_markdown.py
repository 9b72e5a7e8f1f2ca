"""The shared parser: sections, metadata, snippets, and every format error with its line."""

from __future__ import annotations

import pytest

from torchpatch.validators.markdown import Version, parse_reference, parse_text
from torchpatch.validators.markdown.markers import parse_markers
from torchpatch.validators.markdown.metadata import parse_meta

GOOD = """# Title
Scope: a test file.

## Contents
- [A](#a)

## A `torch.load` change
> meta: since=2.6; removed=2.14; kind=breaking; api=torch.load, torch.serialization.add_safe_globals

Text.

```python name=base
x = 1
```

### Sub part
> meta: since=2.10; kind=new

```python setup=base raises=ValueError match="bad"
raise ValueError("bad")
```

```bash
echo never run
```
"""


def test_sections_have_ids_breadcrumbs_lines_and_metadata():
    ref = parse_text(GOOD, "refs/demo.md")
    assert ref.problems == []
    assert ref.title == "Title" and ref.scope == "a test file."
    change = next(s for s in ref.sections if s.title == "A `torch.load` change")
    assert change.id == "demo#a-torchload-change"
    assert change.meta.since == Version(2, 6) and change.meta.removed == Version(2, 14)
    assert change.meta.kind == "breaking"
    assert change.meta.apis == ("torch.load", "torch.serialization.add_safe_globals")
    sub = next(s for s in ref.sections if s.title == "Sub part")
    assert sub.path == ("Title", "A `torch.load` change", "Sub part")
    assert (change.line_start, change.line_end) == (7, 15)  # an H2 stops at its first H3
    assert sub.text.startswith("### Sub part")


def test_snippets_keep_language_markers_start_line_and_setup_chain():
    ref = parse_text(GOOD, "refs/demo.md")
    runnable = [s for s in ref.snippets if s.runnable]
    assert [s.line for s in runnable] == [13, 20]
    user = runnable[1]
    assert user.markers.raises == "ValueError" and user.markers.match == "bad"
    assert [s.line for s in user.setup_chain] == [13]
    assert user.section.title == "Sub part"
    assert len(ref.snippets) == 2  # the bash block is not a snippet


def test_versions_sort_numerically():
    assert Version.parse("2.10") > Version.parse("2.5")
    assert Version.parse("2.15.0+cu132") == Version(2, 15, 0)
    assert Version.parse("2.10").sort_key > Version.parse("2.9.1").sort_key


@pytest.mark.parametrize(
    "line, message",
    [
        ("> meta: since=2.6", "needs kind"),
        ("> meta: kind=new", "at least one of since"),
        ("> meta: since=2.6; kind=maybe", "unknown kind"),
        ("> meta: since=2.x; kind=new", "not a version"),
        ("> meta: since=2.6; kind=new; colour=red", "unknown metadata key"),
        ("> meta: since=2.6; since=2.7; kind=new", "given twice"),
        ("> meta: since=2.6; kind=new; api=torch.load()", "not a dotted Python name"),
    ],
)
def test_bad_metadata_is_rejected_with_a_reason(line, message):
    with pytest.raises(ValueError, match=message):
        parse_meta(line)


@pytest.mark.parametrize(
    "words, message",
    [
        ("unknonw-marker", "unknown marker 'unknonw-marker'"),
        ("skip", "unknown marker 'skip'"),  # a skip needs its reason
        ('skip=""', "needs a value"),
        ("requires=cuda", "needs reason"),
        ("requires=gpu reason=x", "expected cuda"),
        ("world-size=0", "out of range"),
        ("timeout=soon", "not a number"),
        ("match=x", "only goes with raises"),
        ('raises=ValueError match="("', "not a valid regular expression"),
        ("functions=f", "only goes on cpp"),
    ],
)
def test_bad_markers_are_rejected(words, message):
    with pytest.raises(ValueError, match=message):
        parse_markers("python", words)


def test_cpp_block_needs_a_name():
    with pytest.raises(ValueError, match="needs name="):
        parse_markers("cpp", "functions=f")
    assert parse_markers("cpp", "name=ext functions=f,g").functions == ("f", "g")


def test_malformed_file_reports_every_problem_with_its_line(samples):
    ref = parse_reference(samples / "validate" / "malformed.md", display="malformed.md")
    found = {(p.line, p.message.split(":")[0]) for p in ref.problems}
    assert (8, "bad metadata") in found
    assert (11, "bad metadata") in found
    assert (15, "a '> meta") in found
    assert (17, "bad snippet markers") in found
    assert (21, "bad snippet markers") in found
    assert (25, "bad snippet markers") in found
    assert (29, "setup=nowhere") in found
    assert (33, "unclosed code fence ```") in found
    assert all(str(p).startswith("malformed.md:") for p in ref.problems)


def test_markers_on_a_block_that_never_runs_are_an_error():
    ref = parse_text("# T\nScope: x\n## Contents\n```bash timeout=3\nls\n```\n", "t.md")
    assert any("never run" in p.message for p in ref.problems)


def test_missing_title_scope_and_contents_are_reported():
    ref = parse_text("## Only a section\n", "bare.md")
    messages = " ".join(p.message for p in ref.problems)
    assert "H1 title" in messages


def test_duplicate_headings_get_github_style_suffixes():
    ref = parse_text("# T\nScope: x\n## Contents\n## Same\n## Same\n", "t.md")
    assert [s.anchor for s in ref.sections] == ["contents", "same", "same-1"]


def test_backticks_in_a_fence_info_string_are_reported():
    text = '# T\nScope: x\n## Contents\n```python raises=E match="``x``"\npass\n```\n'
    ref = parse_text(text, "t.md")
    assert any(p.line == 4 and "cannot contain backticks" in p.message for p in ref.problems)
