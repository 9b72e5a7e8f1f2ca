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
@click.option("--old", "old_python", type=_INTERPRETER,
              help="Live radar: interpreter with the older torch build. Without it, the stored surface "
                   "records are checked (no torch build needed).")
@click.option("--new", "new_python", type=_INTERPRETER, default=sys.executable,
              help="Live radar: interpreter with the newer torch build [default: this one, the pinned build].")
@click.option("--json", "json_path", type=click.Path(dir_okay=False), help="Write the report as JSON here.")
@click.option("--budget", type=click.FloatRange(1, 3600), default=60.0, show_default=True,
              help="Live radar: CPU seconds per build for importing public modules.")
@click.option("--no-cache", is_flag=True, help="Live radar: collect again even if a cached surface exists.")
@click.option("--references", "references", multiple=True, type=click.Path(exists=True),
              help="Reference files or folders (repeatable) [default: references/].")
@click.option("--severity", type=click.Choice(["breaking", "behaviour", "compatible"]), default="behaviour",
              show_default=True, help="Live radar: least severe signature change that needs a section.")
@click.option("--gaps", "gaps_file", type=click.Path(dir_okay=False), default="references/coverage-gaps.toml",
              show_default=True, help="Live radar: the deliberate gaps, each with a reason.")
@click.option("--records", "records_dir", type=click.Path(exists=True, file_okay=False),
              help="Stored records: the folder of torch-2.X.json surface records [default: the packaged ones].")
@click.option("--ledger", "ledger_file", type=click.Path(dir_okay=False), default="references/surface-ledger.toml",
              show_default=True, help="Stored records: the surface ledger's deliberate gaps, each with a reason.")
@click.option("--todo", is_flag=True, help="Stored records: print a [[gap]] stub for every unaccounted "
                                           "difference (to give each a reason or a section).")
def coverage(old_python, new_python, json_path, budget, no_cache, references, gaps_file, severity, records_dir,
             ledger_file, todo):
    """Fail on a torch API difference that no section covers and no ledger lists with a reason.

    Without --old: every difference between consecutive stored surface records (parameters added,
    removed, renamed or with a changed default; callables added or removed; new deprecation
    messages) must be covered by a section (its `api=` names it and one of its versions is the
    release) or match exactly one [[gap]] of the surface ledger. With --old: the live radar between
    two interpreters, and sections naming an API the new build no longer has. Exits 1 on any gap.
    """
    if old_python is None:
        _stored_coverage(json_path, references, records_dir, ledger_file, todo)
        return
    from torchpatch.validators.radar.run import run_coverage

    from .radar_view import render_coverage

    report = run_coverage(old_python, new_python, references=list(references) or None, gaps_file=gaps_file,
                          severity=severity, budget_s=budget, use_cache=not no_cache)
    if json_path:
        _write_json(json_path, report.as_dict())
    render_coverage(report, gaps_file)
    sys.exit(1 if report.failed() else 0)


def _stored_coverage(json_path, references, records_dir, ledger_file, todo) -> None:
    from torchpatch.validators.radar.run import run_surface_ledger
    from torchpatch.validators.radar.surface_ledger import todo_entries

    from .radar_view import render_ledger

    report = run_surface_ledger(records_dir, references=list(references) or None, ledger_file=ledger_file)
    if json_path:
        _write_json(json_path, report.as_dict())
    if todo:
        click.echo(todo_entries(report), nl=False)
    else:
        render_ledger(report, ledger_file)
    sys.exit(1 if report.failed() else 0)


@cli.command("surface-record")
@click.option("--python", "python", type=_INTERPRETER, default=sys.executable,
              help="Interpreter of the torch build to record [default: this one].")
@click.option("--dest", type=click.Path(file_okay=False), default=None,
              help="Folder to write torch-2.X.json into [default: the packaged records, "
                   "validators/radar/surfaces/].")
def surface_record(python, dest):
    """Record a torch build's surface (signatures, deprecation messages) as surfaces/torch-2.X.json."""
    from torchpatch.validators.radar.surface_records import RECORDS_DIR, record_build

    written = record_build(python, dest or RECORDS_DIR)
    click.echo(str(written))


def _write_json(path: str, data: dict) -> None:
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(data, handle, indent=1)
        handle.write("\n")
