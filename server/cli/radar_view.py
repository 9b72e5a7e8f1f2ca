"""Plain-text rendering of ``torchpatch api-diff`` and ``torchpatch coverage`` (CI logs read it raw)."""

from __future__ import annotations

import click

HEADINGS = {
    "removed": "Removed (gone, or left behind as a stub that always raises)",
    "renamed": "Renamed or moved",
    "changed": "Changed (signature or kind)",
    "deprecated": "Newly deprecated",
    "added": "Added",
}


def render_diff(diff, changes: tuple[str, ...]) -> None:
    _header(diff)
    for name, heading in HEADINGS.items():
        if name not in changes:
            continue
        found = diff.of(name)
        if found:
            click.echo(f"\n{heading}: {len(found)}")
            for change in found:
                click.echo(format_change(change))
    _not_compared(diff)


def render_coverage(report, gaps_file: str) -> None:
    _header(report.diff)
    click.echo(f"\ncovered by a section: {len(report.covered)}; listed as deliberate gaps: {len(report.listed)}")
    if report.gaps:
        click.echo(f"\nNot covered by any section, not listed in {gaps_file}: {len(report.gaps)}")
        for change in report.gaps:
            click.echo(format_change(change))
    if report.stale:
        click.echo(f"\nSections naming an API that no longer works in torch {report.diff.new.version}: "
                   f"{len(report.stale)}")
        for stale in report.stale:
            click.echo(f"  {stale.file}:{stale.line} [{stale.section}] {stale.api}: {stale.why}")
    if report.unchecked:
        click.echo(f"\nSection APIs that could not be checked: {len(report.unchecked)}")
        for api, why in sorted(report.unchecked.items()):
            click.echo(f"  {api}: {why}")
    if report.unused:
        click.echo(f"\nEntries of {gaps_file} that matched nothing between these two builds: {len(report.unused)}")
        for gap in report.unused:
            click.echo(f"  #{gap.index} {gap.api}")
    _not_compared(report.diff)
    if report.failed():
        click.echo(f"\nFAIL: {len(report.gaps)} uncovered changes, {len(report.stale)} stale sections. Name each "
                   "API in a section's `> meta: ... api=` line, or list it with a reason in " + gaps_file + ".")
    else:
        click.echo("\nOK: every removed, renamed, changed or added API is covered or listed.")


def format_change(change) -> str:
    line = f"  {change.change:<10} {change.api} ({change.kind}, {change.severity})"
    if change.replacement and change.change != "renamed":
        line += f" -> use {change.replacement}"
    details = "; ".join(change.details)
    return f"{line}: {details}" if details else line


def _header(diff) -> None:
    old, new = diff.old, diff.new
    click.echo(f"torch {old.version} ({old.python}) -> torch {new.version} ({new.python})")
    click.echo(f"public names: {len(old.apis)} -> {len(new.apis)}; collected in "
               f"{_timing(old)} and {_timing(new)}")
    click.echo("  ".join(f"{name}: {count}" for name, count in diff.counts().items()))


def _timing(surface) -> str:
    return "cache" if surface.cached else f"{surface.elapsed_s:.1f} s ({surface.cpu_s:.1f} s CPU)"


def _not_compared(diff) -> None:
    if diff.not_compared:
        count = len(diff.not_compared)
        click.echo(f"\nNot compared (names unknown, not absent): {count} module{'s' if count > 1 else ''}")
        for module, why in sorted(diff.not_compared.items()):
            click.echo(f"  {module}: {why}")


def render_ledger(report, ledger_file: str) -> None:
    """The surface ledger: figures per module, then what fails (unaccounted, ambiguous)."""
    counts = report.as_dict()["counts"]
    click.echo(f"surface ledger, torch {report.releases[0]} -> {report.releases[-1]} "
               f"({len(report.releases)} records): {counts['differences']} differences, "
               f"{counts['covered']} covered by a section, {counts['gaps']} deliberate gaps, "
               f"{counts['unaccounted']} unaccounted")
    click.echo(f"\n{'module':<42} {'diffs':>6} {'covered':>8} {'gaps':>6} {'open':>6}")
    for module, row in report.per_module().items():
        click.echo(f"{module:<42} {row['differences']:>6} {row['covered']:>8} {row['gaps']:>6} "
                   f"{row['unaccounted']:>6}")
    if report.unaccounted:
        click.echo(f"\nNot covered by a section, not listed in {ledger_file}: {len(report.unaccounted)}")
        for item in report.unaccounted:
            click.echo(f"  {item.key}")
        click.echo("(`torchpatch coverage --todo` prints a [[gap]] stub for each)")
    if report.ambiguous:
        click.echo(f"\nMatching more than one [[gap]] of {ledger_file} (each item needs exactly one): "
                   f"{len(report.ambiguous)}")
        for key, gaps in report.ambiguous.items():
            click.echo(f"  {key}: gaps #{', #'.join(str(g.index) for g in gaps)}")
    if report.unused:
        click.echo(f"\n[[gap]] entries matching nothing (remove them): "
                   f"#{', #'.join(str(g.index) for g in report.unused)}")
