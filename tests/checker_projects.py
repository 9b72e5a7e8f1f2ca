"""Small real projects written to a temporary folder and checked as one run."""

from __future__ import annotations

import textwrap

from torchpatch.validators.checker import check_paths


def check_project(folder, files: dict[str, str]) -> list[tuple[str, int, str]]:
    """Write ``files`` (relative name -> dedented code) under ``folder``; the findings as (file name, line, rule)."""
    for name, code in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(code))
    return sorted((f.file.rsplit("/", 1)[-1], f.line, f.rule) for f in check_paths([folder], "2.15").findings)
