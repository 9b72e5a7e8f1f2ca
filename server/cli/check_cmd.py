"""``torchpatch check``: flag outdated PyTorch usage in Python files, with the fix and the section to read."""

from __future__ import annotations

import json
import sys

import click

from . import cli


@cli.command()
@click.argument("files", nargs=-1, required=True, type=click.Path())
@click.option("--torch-version", metavar="V", help="Target torch release, e.g. 2.12 [default: the pinned build].")
@click.option("--json", "as_json", is_flag=True,
              help="Print the findings as a JSON list (file, line, column, api, message, fix, section).")
def check(files, torch_version, as_json):
    """Check FILES (Python files or folders; - reads stdin) without running them.

    Reports each use of an API the references mark as removed, renamed, deprecated or
    changed for the target torch version. Exits 1 when there are findings.
    """
    from torchpatch.validators.checker import check_paths, check_source

    paths = [f for f in files if f != "-"]
    findings = check_paths(paths, torch_version) if paths else []
    if "-" in files:
        findings += check_source(sys.stdin.read(), torch_version, filename="<stdin>")
    if as_json:
        click.echo(json.dumps([finding.as_dict() for finding in findings], indent=2))
    else:
        for finding in findings:
            click.echo(f"{finding.file}:{finding.line}:{finding.column}: {finding.message}")
            click.echo(f"    fix: {finding.fix}")
            click.echo(f"    read: {finding.section}")
        click.echo(f"{len(findings)} finding(s)" if findings else "no outdated torch usage found", err=True)
    sys.exit(1 if findings else 0)
