"""Time `torchpatch api-diff` on real torch builds: a cold full diff (both builds collected in parallel), then a cached one.

Usage: .venv/bin/python bench/bench_radar.py [--pair OLD_PYTHON NEW_PYTHON]... [--json FILE]
Default pairs: 2.13.0 -> 2.14.1, 2.13.0 -> pinned, 2.14.1 -> pinned (the .venv* folders of this checkout).
Wall time depends on what else runs on the machine, so the CPU seconds of both probes are reported too,
with the load average at the start.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BUILDS = {"2.13": REPO / ".venv-2.13/bin/python", "2.14": REPO / ".venv-2.14/bin/python", "2.15": REPO / ".venv/bin/python"}
DEFAULT_PAIRS = [("2.13", "2.14"), ("2.13", "2.15"), ("2.14", "2.15")]


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def bench_pair(old: str, new: str) -> dict:
    from torchpatch.validators.radar import collect_surfaces, diff_surfaces

    load = os.getloadavg()[0]
    cpu, start = children_cpu(), time.perf_counter()
    surfaces = collect_surfaces([old, new], use_cache=False)
    collect_s, probe_cpu_s = time.perf_counter() - start, children_cpu() - cpu
    start = time.perf_counter()
    diff = diff_surfaces(*surfaces)
    diff_s = time.perf_counter() - start
    start = time.perf_counter()
    diff_surfaces(*collect_surfaces([old, new]))
    cached_s = time.perf_counter() - start
    return {
        "old": diff.old.version, "new": diff.new.version, "load_avg_1m": round(load, 1),
        "full_diff_s": round(collect_s + diff_s, 1), "probe_cpu_s": round(probe_cpu_s, 1),
        "probe_wall_s": [diff.old.elapsed_s, diff.new.elapsed_s], "diff_s": round(diff_s, 2),
        "cached_diff_s": round(cached_s, 1), "names": [len(diff.old.apis), len(diff.new.apis)],
        "not_compared": len(diff.not_compared), "counts": diff.counts(),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pair", nargs=2, action="append", metavar=("OLD", "NEW"), help="two interpreters")
    parser.add_argument("--json", help="write the figures here as JSON")
    args = parser.parse_args()
    pairs = args.pair or [(str(BUILDS[a]), str(BUILDS[b])) for a, b in DEFAULT_PAIRS]
    with tempfile.TemporaryDirectory() as home:
        os.environ["TORCHPATCH_HOME"] = home  # cold: no cached surface from earlier runs
        rows = [bench_pair(old, new) for old, new in pairs]
    print(f"{'old -> new':<28} {'full diff':>9} {'probe CPU':>9} {'cached':>7} {'load':>5}  changes")
    for row in rows:
        counts = " ".join(f"{name}={count}" for name, count in row["counts"].items())
        print(f"{row['old'] + ' -> ' + row['new']:<28} {row['full_diff_s']:>8.1f}s {row['probe_cpu_s']:>8.1f}s "
              f"{row['cached_diff_s']:>6.1f}s {row['load_avg_1m']:>5.1f}  {counts}")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1) + "\n")


if __name__ == "__main__":
    sys.exit(main())
