"""Terminal rendering of a validation run: progress bar, failures, summary, matrix, claims."""

from __future__ import annotations

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from torchpatch.validators.matrix import check_claims
from torchpatch.validators.report import summary
from torchpatch.validators.results import FAILED, KNOWN_BUG_FIXED, SKIPPED, STATUSES, TIMEOUT
from torchpatch.validators.validate import ValidationRun

STYLE = {"passed": "green", "failed": "red", "timeout": "red", "skipped": "yellow", "known-bug": "cyan",
         "known-bug-fixed": "magenta"}
console = Console(stderr=False, highlight=False)


class ProgressBar:
    def __init__(self, enabled: bool):
        self.enabled = enabled
        self._progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                                  TimeElapsedColumn(), console=Console(stderr=True), transient=False)
        self._tasks: dict[str, int] = {}

    def __enter__(self) -> "ProgressBar":
        if self.enabled:
            self._progress.start()
        return self

    def __exit__(self, *exc) -> None:
        if self.enabled:
            self._progress.stop()

    def update(self, label: str, done: int, total: int) -> None:
        if not self.enabled:
            return
        if label not in self._tasks:
            self._tasks[label] = self._progress.add_task(label, total=total)
        self._progress.update(self._tasks[label], completed=done, total=total)


def render(run: ValidationRun) -> None:
    for problem in run.problems:
        console.print(f"[red]malformed[/] {problem}")
    primary = run.builds[0]
    for result in run.results[primary.python_path]:
        if result.status in (FAILED, TIMEOUT):
            where = f"{result.file}:{result.error_line or result.line}"
            console.print(f"[red]{result.status.upper()}[/] {where} ({result.section})")
            console.print(result.message, markup=False, highlight=False)
        elif result.status == KNOWN_BUG_FIXED:
            console.print(f"[magenta]KNOWN BUG FIXED[/] {result.id}: update the reference ({result.section})")
    skips = [r for r in run.results[primary.python_path] if r.status == SKIPPED]
    for result in skips:
        console.print(f"[yellow]skipped[/] {result.id}: {result.message}", markup=True, highlight=False)
    if len(run.builds) > 1:
        _render_matrix(run)
    _render_summary(run)


def _render_summary(run: ValidationRun) -> None:
    table = Table(title="torchpatch validate")
    table.add_column("build", no_wrap=True)
    for status in STATUSES:
        table.add_column(status, justify="right", style=STYLE[status])
    for build in run.builds:
        counts = summary(run.results[build.python_path])
        table.add_row(build.label, *(str(counts.get(status, 0)) for status in STATUSES))
    console.print(table)
    console.print(f"{len(run.problems)} malformed reference problem(s)" if run.problems else "references well-formed")
    counts = summary(run.results[run.builds[0].python_path])
    # One plain line for CI logs and the tools that read them: "N passed, N failed, N skipped".
    console.print(f"{counts.get('passed', 0) + counts.get('known-bug', 0)} passed, "
                  f"{counts.get('failed', 0) + counts.get('timeout', 0)} failed, {counts.get('skipped', 0)} skipped")
    for build in run.builds:
        if not build.pinned:
            console.print(f"[bold red]WARNING: {build.label} is not the pinned torch=={build.as_dict()['pin']}: "
                          "results do not prove the references hold on the pinned build.[/]")


def _render_matrix(run: ValidationRun) -> None:
    table = Table(title="version matrix")
    table.add_column("snippet")
    for build in run.builds:
        table.add_column(build.torch)
    columns = [run.results[b.python_path] for b in run.builds]
    for row in zip(*columns):
        if len({r.status for r in row}) > 1:  # only the snippets whose fate differs between builds
            table.add_row(row[0].id, *(f"[{STYLE[r.status]}]{r.status}[/]" for r in row))
    console.print(table)
    claims = check_claims(run.snippets, run.builds, run.results)
    contradicted = [c for c in claims if c.verdict == "contradicted"]
    console.print(f"version claims checked: {len(claims)}, contradicted: {len(contradicted)}")
    for claim in contradicted:
        console.print(f"[red]CONTRADICTED[/] {claim.snippet} ({claim.section}) says {claim.claim} "
                      f"but passes on torch {claim.build}")
