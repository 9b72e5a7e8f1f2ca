"""Validator speed: fork server vs a fresh process per snippet (side by side), cold run with its
per-phase breakdown, warm cached run. The comparison with other tools is bench_compare.py.

    .venv/bin/python bench/bench_validate.py [--skip-cold]

Prints the figures that go into bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TORCHPATCH = str(Path(sys.executable).with_name("torchpatch"))
EAGER_SNIPPETS = 32


def eager_reference(folder: Path) -> Path:
    """A reference of small eager snippets, each different so none is a cache hit."""
    blocks = [f"```python\nimport torch\nx = torch.arange({n} + 4, dtype=torch.float32)\n"
              f"assert x.sum().item() == sum(range({n} + 4))\n```\n" for n in range(EAGER_SNIPPETS)]
    path = folder / "eager.md"
    path.write_text("# Eager\nScope: benchmark.\n## Contents\n## Snippets\n> meta: since=2.4; kind=new\n\n"
                    + "\n".join(blocks))
    return path


def timed(args: list[str], env: dict) -> float:
    start = time.perf_counter()
    subprocess.run(args, env=env, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def cold_run(tmp: Path) -> None:
    """references/ with empty result, Inductor and precompiled-header caches (a fresh home and TMPDIR)."""
    from collections import Counter

    from torchpatch.validators.shard import needs_compiler
    from torchpatch.validators.validate import ValidationOptions, validate

    os.environ["TORCHPATCH_HOME"] = str(tmp / "cold-home")
    os.environ["TMPDIR"] = str(tmp / "cold-tmp")  # Inductor keeps precompiled headers under TMPDIR
    Path(os.environ["TMPDIR"]).mkdir()
    start = time.perf_counter()
    run = validate([REPO / "references"], ValidationOptions(jobs=os.cpu_count() or 1))
    wall = time.perf_counter() - start
    results = run.results[sys.executable]
    statuses = Counter(r.status for r in results)
    compiled = [r.duration_s for s, r in zip(run.snippets, results) if needs_compiler(s)]
    eager = [r.duration_s for s, r in zip(run.snippets, results) if not needs_compiler(s)]
    print(f"cold full run of references/ ({len(results)} snippets, {dict(statuses)}): {wall:.1f} s")
    print(f"  phases: {run.phases[sys.executable]}")
    print(f"  child seconds: {len(compiled)} compiler snippets {sum(compiled):.0f} s "
          f"(median {statistics.median(compiled):.1f} s, max {max(compiled):.1f} s), "
          f"{len(eager)} others {sum(eager):.0f} s (median {statistics.median(eager):.2f} s, max {max(eager):.1f} s)")
    slowest = sorted(zip(results, run.snippets), key=lambda pair: -pair[0].duration_s)[:5]
    print("  slowest: " + ", ".join(f"{r.id} {r.duration_s:.1f} s" for r, _ in slowest))
    del os.environ["TMPDIR"]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--skip-cold", action="store_true", help="skip the cold run of all references")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "TORCHPATCH_HOME": str(Path(tmp) / "home")}
        doc = eager_reference(Path(tmp))
        os.environ["TORCHPATCH_HOME"] = env["TORCHPATCH_HOME"]
        from torchpatch.validators.validate import ValidationOptions, validate

        walls, medians = {"fork": [], "process": []}, {"fork": [], "process": []}
        for _ in range(2):  # alternate, so machine noise hits both alike
            for isolation in walls:
                start = time.perf_counter()
                run = validate([doc], ValidationOptions(isolation=isolation, use_cache=False, jobs=2))
                walls[isolation].append(time.perf_counter() - start)
                results = run.results[sys.executable]
                assert all(r.status == "passed" for r in results), [r.message for r in results]
                medians[isolation].append(statistics.median(r.duration_s for r in results))
        fork, process = min(walls["fork"]), min(walls["process"])
        per_fork, per_process = min(medians["fork"]), min(medians["process"])
        print(f"{EAGER_SNIPPETS} eager snippets, 2 workers, wall incl. start-up: fork server {fork:.1f} s, "
              f"fresh process {process:.1f} s: {process / fork:.1f}x")
        print(f"  per snippet (median): fork {per_fork * 1000:.0f} ms, fresh process {per_process * 1000:.0f} ms: "
              f"{per_process / per_fork:.0f}x")
        if not args.skip_cold:
            cold_run(Path(tmp))
            env["TORCHPATCH_HOME"] = os.environ["TORCHPATCH_HOME"]  # its results are the warm run's cache
        timed([TORCHPATCH, "validate", str(REPO / "references"), "-q"], env)  # fill the cache
        warm = min(timed([TORCHPATCH, "validate", str(REPO / "references"), "-q"], env) for _ in range(3))
        print(f"warm run of references/ (all cached): {warm:.2f} s")


if __name__ == "__main__":
    main()
