"""Coverage figures of the surface ledger, per module, as a Markdown table (for bench/RESULTS.md).

    .venv/bin/python bench/surface_ledger_figures.py [--records DIR]

Reads the stored surface records and references/surface-ledger.toml (run from the repository root);
no torch build needed.
"""

from __future__ import annotations

import argparse
import collections

from torchpatch.validators.radar.run import run_surface_ledger


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", default=None, help="folder of torch-2.X.json records [default: the packaged ones]")
    args = parser.parse_args()
    report = run_surface_ledger(args.records)
    print(f"records: torch {', '.join(report.releases)}")
    print("\n| module | differences | covered by a section | deliberate gaps | unaccounted |")
    print("| --- | ---: | ---: | ---: | ---: |")
    total = collections.Counter()
    for module, row in report.per_module().items():
        print(f"| `{module}` | {row['differences']} | {row['covered']} | {row['gaps']} | {row['unaccounted']} |")
        total.update(row)
    print(f"| **all** | **{total['differences']}** | **{total['covered']}** | **{total['gaps']}** | "
          f"**{total['unaccounted']}** |")
    by_change = collections.Counter((item.change, item.key in report.covered) for item in report.items)
    print("\n| change | differences | covered by a section |")
    print("| --- | ---: | ---: |")
    for change in ("added", "removed", "renamed", "changed", "deprecated"):
        print(f"| {change} | {by_change[(change, True)] + by_change[(change, False)]} | {by_change[(change, True)]} |")
    by_release = collections.Counter(item.release for item in report.items)
    print("\nper release: " + ", ".join(f"{release}: {count}" for release, count in
                                        sorted(by_release.items(), key=lambda kv: int(kv[0].split('.')[1]))))


if __name__ == "__main__":
    main()
