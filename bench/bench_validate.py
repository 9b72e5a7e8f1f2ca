"""Validator speed: fork server vs a fresh process per snippet (side by side), warm cached run, cold run.

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
            cold = timed([TORCHPATCH, "validate", str(REPO / "references"), "-q", "--no-cache"], env)
            print(f"cold full run of references/: {cold:.1f} s")
        timed([TORCHPATCH, "validate", str(REPO / "references"), "-q"], env)  # fill the cache
        warm = min(timed([TORCHPATCH, "validate", str(REPO / "references"), "-q"], env) for _ in range(3))
        print(f"warm run of references/ (all cached): {warm:.2f} s")


if __name__ == "__main__":
    main()
