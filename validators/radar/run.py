"""The two radar entry points the CLI calls: an API diff of two interpreters, and its coverage check."""

from __future__ import annotations

from pathlib import Path

from ..errors import NotFound
from ..markdown import Section, iter_reference_files, parse_reference
from .coverage import DEFAULT_SEVERITY, CoverageReport, check_coverage, python_apis
from .diff import ApiDiff, diff_surfaces
from .gaps import DEFAULT_GAPS_FILE, load_gaps
from .surface import DEFAULT_BUDGET_S, collect_surfaces


def run_api_diff(old_python: str, new_python: str, *, names: list[str] = (),
                 budget_s: float = DEFAULT_BUDGET_S, use_cache: bool = True) -> ApiDiff:
    """Collect both builds' surfaces (in parallel) and compare them; ``names`` are resolved even if private."""
    old, new = collect_surfaces([old_python, new_python], names=list(names), budget_s=budget_s, use_cache=use_cache)
    return diff_surfaces(old, new)


def run_coverage(old_python: str, new_python: str, *, references: list[str] | None = None,
                 gaps_file: str | Path | None = None, severity: str = DEFAULT_SEVERITY,
                 budget_s: float = DEFAULT_BUDGET_S, use_cache: bool = True) -> CoverageReport:
    gaps = load_gaps(gaps_file if gaps_file is not None else DEFAULT_GAPS_FILE)
    sections = load_sections(references or ["references"])
    diff = run_api_diff(old_python, new_python, names=sorted(python_apis(sections)), budget_s=budget_s,
                        use_cache=use_cache)
    return check_coverage(diff, sections, gaps, severity=severity)


def load_sections(paths: list[str]) -> list[Section]:
    files = list(iter_reference_files(paths))
    missing = [str(path) for path in files if not Path(path).exists()]
    if missing:
        raise NotFound(f"no such reference: {', '.join(missing)}")
    return [section for path in files for section in parse_reference(path).sections]


def run_surface_ledger(records: str | Path | None = None, references: list[str] | None = None,
                       ledger_file: str | Path | None = None):
    """Account for every difference between the stored surface records (no torch build needed)."""
    from .surface_ledger import DEFAULT_LEDGER_FILE, account, ledger_items, load_ledger
    from .surface_records import RECORDS_DIR, read_records

    gaps = load_ledger(ledger_file if ledger_file is not None else DEFAULT_LEDGER_FILE)
    sections = load_sections(references or ["references"])
    surfaces = read_records(records if records is not None else RECORDS_DIR)
    return account(ledger_items(surfaces), surfaces, sections, gaps)
