"""``torchpatch api-diff`` and ``torchpatch coverage``: the release radar."""

from __future__ import annotations

import json
import sys

import click

from . import cli

_INTERPRETER = click.Path(exists=True, dir_okay=False)
_CHANGES = ("removed", "renamed", "changed", "deprecated", "added")


def _common(command):
    """Options both radar commands share."""
    command = click.option("--no-cache", is_flag=True, help="Collect again even if a cached surface exists.")(command)
    command = click.option("--budget", type=click.FloatRange(1, 3600), default=60.0, show_default=True,
                           help="CPU seconds per build for importing public modules; the rest are skipped "
                                "and reported as not compared.")(command)
    command = click.option("--json", "json_path", type=click.Path(dir_okay=False),
                           help="Write the report as JSON here.")(command)
    command = click.option("--new", "new_python", type=_INTERPRETER, default=sys.executable,
                           help="Interpreter with the newer torch build [default: this one, the pinned build].")(command)
    return click.option("--old", "old_python", type=_INTERPRETER, required=True,
                        help="Interpreter with the older torch build.")(command)


@cli.command("api-diff")
@_common
@click.option("--only", multiple=True, type=click.Choice(_CHANGES), help="Show only these kinds of change.")
def api_diff(old_python, new_python, json_path, budget, no_cache, only):
    """Compare the public torch API of two interpreters: added, removed, renamed, changed, deprecated."""
    from torchpatch.validators.radar.run import run_api_diff

    from .radar_view import render_diff

    diff = run_api_diff(old_python, new_python, budget_s=budget, use_cache=not no_cache)
    if json_path:
        _write_json(json_path, diff.as_dict())
    render_diff(diff, tuple(only) or _CHANGES)


@cli.command()
@_common
@click.option("--references", "references", multiple=True, type=click.Path(exists=True),
              help="Reference files or folders (repeatable) [default: references/].")
@click.option("--severity", type=click.Choice(["breaking", "behaviour", "compatible"]), default="behaviour",
              show_default=True, help="Least severe signature change that needs a section (compatible: also a new "
                                      "optional parameter).")
@click.option("--gaps", "gaps_file", type=click.Path(dir_okay=False), default="references/coverage-gaps.toml",
              show_default=True, help="The deliberate gaps, each with a reason.")
def coverage(old_python, new_python, json_path, budget, no_cache, references, gaps_file, severity):
    """Fail when a removed, renamed, changed or added API is in no section's `api=` list and not a listed gap.

    Also fails for a section whose API no longer works in the new build, unless the section
    says `removed=` at or before it. Exits 1 on any such gap.
    """
    from torchpatch.validators.radar.run import run_coverage

    from .radar_view import render_coverage

    report = run_coverage(old_python, new_python, references=list(references) or None, gaps_file=gaps_file,
                          severity=severity, budget_s=budget, use_cache=not no_cache)
    if json_path:
        _write_json(json_path, report.as_dict())
    render_coverage(report, gaps_file)
    sys.exit(1 if report.failed() else 0)


def _write_json(path: str, data: dict) -> None:
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(data, handle, indent=1)
        handle.write("\n")
