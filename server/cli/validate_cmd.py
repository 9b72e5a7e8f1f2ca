"""``torchpatch validate``: run every snippet of the references on the installed torch build."""

from __future__ import annotations

import sys

import click

from . import cli


@cli.command()
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--python", "pythons", multiple=True, type=click.Path(exists=True, dir_okay=False),
              help="Also run under this interpreter's torch build (repeatable): the version matrix.")
@click.option("--isolation", type=click.Choice(["fork", "process"]), default="fork", show_default=True,
              help="fork: children of one process that imported torch; process: a fresh interpreter each.")
@click.option("--jobs", "-j", type=click.IntRange(1, 64), default=None, help="Parallel snippets [default: cores].")
@click.option("--timeout", type=click.FloatRange(0.1, 3600), default=120.0, show_default=True,
              help="Seconds per snippet, unless its timeout= marker says otherwise.")
@click.option("--no-cache", is_flag=True, help="Re-run snippets whose cached result is still valid.")
@click.option("--shard", metavar="I/N", help="Run only the I-th of N deterministic, duration-balanced parts.")
@click.option("--json", "json_path", type=click.Path(dir_okay=False), help="Write the report as JSON here.")
@click.option("--junit", "junit_path", type=click.Path(dir_okay=False), help="Write JUnit XML here.")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar; failures and the summary only.")
@click.option("--record", "record_path", type=click.Path(dir_okay=False),
              help="Also update this shipped verification record (make validate: references/verification.json).")
def validate(paths, pythons, isolation, jobs, timeout, no_cache, shard, json_path, junit_path, quiet, record_path):
    """Run the snippets of PATHS (files or folders; default: references/) and report each one.

    Exits 1 when any snippet failed or timed out, or a reference is malformed.
    """
    import os

    from torchpatch.validators.errors import InvalidInput
    from torchpatch.validators.home import home_dir
    from torchpatch.validators.report import write_json, write_junit
    from torchpatch.validators.shard import parse_shard
    from torchpatch.validators.validate import ValidationOptions, validate as run_validation
    from torchpatch.validators.verification import RECORD_NAME, record_run

    from .validate_view import ProgressBar, render

    try:
        shard_spec = parse_shard(shard) if shard else None
    except ValueError as exc:
        raise InvalidInput(str(exc)) from None
    pythons = (sys.executable, *pythons) if pythons else ()
    options = ValidationOptions(pythons=pythons, isolation=isolation, jobs=jobs or os.cpu_count() or 1,
                                timeout=timeout, use_cache=not no_cache, shard=shard_spec)
    with ProgressBar(enabled=not quiet) as bar:
        run = run_validation(list(paths) or ["references"], options, progress=bar.update)
    # What search shows as verified: this home's record, looked up by content hash (see verification.py).
    record_run(run, home_dir() / RECORD_NAME)
    if record_path:
        record_run(run, record_path, shipped=True)
    if json_path:
        write_json(run, json_path)
    if junit_path:
        write_junit(run, junit_path)
    render(run)
    sys.exit(1 if run.failed() else 0)
