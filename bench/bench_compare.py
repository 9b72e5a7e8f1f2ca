"""`torchpatch validate` side by side with pytest-markdown-docs and Sybil, on the same snippets.

    .venv/bin/pip install --target /tmp/md-tools pytest-markdown-docs sybil
    .venv/bin/python bench/bench_compare.py --tools /tmp/md-tools [--rounds 3] [--corpus FILE] [--work DIR]

The three commands run in turn, round after round (so machine noise hits all alike), each on
its own copy of the corpus and its own warm Inductor cache (one untimed run first); the
validator runs with --no-cache, so every snippet runs every time. Then one validator run in
process prints where its time went. Prints the figures that go into bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "corpus" / "comparison.md"
TORCHPATCH = str(Path(sys.executable).with_name("torchpatch"))
SYBIL_CONFTEST = """\
from sybil import Sybil
from sybil.parsers.markdown import PythonCodeBlockParser

pytest_collect_file = Sybil(parsers=[PythonCodeBlockParser()], patterns=["*.md"]).pytest()
"""


def commands(corpus: Path, tools: Path, work: Path) -> dict[str, tuple[list[str], dict, Path]]:
    """name -> (argv, environment, working folder); each tool gets a folder and an Inductor cache."""
    setups = {}
    for name in ("torchpatch", "pytest-markdown-docs", "sybil"):
        folder = work / name
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copy(corpus, folder / corpus.name)
        (folder / "pytest.ini").write_text("[pytest]\naddopts = -p no:cacheprovider\n")
        env = {**os.environ, "TORCHINDUCTOR_CACHE_DIR": str(work / f"inductor-{name}")}
        env.pop("CI", None)
        if name == "torchpatch":
            env["TORCHPATCH_HOME"] = str(work / "home")
            argv = [TORCHPATCH, "validate", corpus.name, "-q", "--no-cache", "--timeout", "900"]  # a loaded machine
        else:
            env["PYTHONPATH"] = str(tools)
            argv = [sys.executable, "-m", "pytest", "-q", "-c", "pytest.ini", "--rootdir", "."]
            if name == "sybil":
                (folder / "conftest.py").write_text(SYBIL_CONFTEST)
                argv += [corpus.name]
            else:
                argv += ["--markdown-docs", corpus.name]
        setups[name] = (argv, env, folder)
    return setups


def timed(argv: list[str], env: dict, folder: Path) -> tuple[float, int]:
    start = time.perf_counter()
    done = subprocess.run(argv, env=env, cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start, done.returncode


def breakdown(corpus: Path, work: Path) -> None:
    """One validator run in process (warm Inductor cache, no result cache): its phases."""
    os.environ["TORCHPATCH_HOME"] = str(work / "home")
    from torchpatch.validators.shard import needs_compiler
    from torchpatch.validators.validate import ValidationOptions, validate

    start = time.perf_counter()
    run = validate([corpus], ValidationOptions(use_cache=False, jobs=os.cpu_count() or 1))
    wall = time.perf_counter() - start
    results = run.results[sys.executable]
    compiled = [r.duration_s for s, r in zip(run.snippets, results) if needs_compiler(s)]
    eager = [r.duration_s for s, r in zip(run.snippets, results) if not needs_compiler(s)]
    print(f"in-process validate() of {len(results)} snippets: {wall:.1f} s; phases: {run.phases[sys.executable]}")
    print(f"  per snippet in its child: eager median {statistics.median(eager) * 1000:.0f} ms "
          f"(max {max(eager):.2f} s, sum {sum(eager):.1f} s), compile median {statistics.median(compiled):.2f} s "
          f"(max {max(compiled):.2f} s, sum {sum(compiled):.1f} s)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tools", type=Path, required=True, help="folder holding pytest-markdown-docs and sybil")
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--work", type=Path, help="keep folders and caches here (a second call skips --warm-up)")
    parser.add_argument("--no-warm-up", action="store_true", help="the caches under --work are warm already")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        work = (args.work or Path(tmp)).resolve()
        setups = commands(args.corpus.resolve(), args.tools.resolve(), work)
        for name, (argv, env, folder) in setups.items():  # untimed: fills each tool's Inductor cache
            if not args.no_warm_up:
                wall, code = timed(argv, env, folder)
                print(f"warm-up {name}: {wall:.1f} s, exit {code}", flush=True)
        walls: dict[str, list[float]] = {name: [] for name in setups}
        ratios = []
        for round_ in range(args.rounds):
            for name, (argv, env, folder) in setups.items():
                walls[name].append(timed(argv, env, folder)[0])
            faster = min(walls["pytest-markdown-docs"][-1], walls["sybil"][-1])
            ratios.append(walls["torchpatch"][-1] / faster)
            print(f"round {round_ + 1}: " + ", ".join(f"{n} {w[-1]:.1f} s" for n, w in walls.items())
                  + f"; torchpatch / faster of the two: {ratios[-1]:.2f}", flush=True)
        print("median wall: " + ", ".join(f"{n} {statistics.median(w):.1f} s" for n, w in walls.items())
              + f"; ratio median {statistics.median(ratios):.2f} (per round: "
              + ", ".join(f"{r:.2f}" for r in ratios) + ")")
        breakdown(args.corpus.resolve(), work)


if __name__ == "__main__":
    main()
