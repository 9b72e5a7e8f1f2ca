"""CPU time of `torchpatch check` in several venvs (checkouts), paired and alternated on the same trees.

On a shared, noisy machine only runs taken side by side compare: each round runs every venv in turn (the
order reversed every other round), and the minimum and median over rounds are reported. Two measures:

- in-process: one Python process per venv imports the checker, checks the first tree once to warm caches,
  then checks all trees four times; the fastest of the four passes (``time.process_time``). Start-up is left out.
- per-process: ``torchpatch check --json`` once per tree, as a user runs it; the children's user + system
  CPU seconds (``getrusage``) summed over the trees. This is the figure TorchFix's CPU time is compared with
  (``--torchfix-seconds``, taken beside it by checker_vs_torchfix.py).

    .venv/bin/python bench/checker_speed_paired.py --venv base=/path/a/.venv --venv new=.venv \\
        --rounds 4 TREE [TREE...]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import tempfile

_IN_PROCESS = """
import sys, time
from torchpatch.validators.checker import check_paths
trees = sys.argv[1:]
check_paths([trees[0]], "2.15")
best = float("inf")
for _ in range(4):
    started = time.process_time()
    for tree in trees:
        check_paths([tree], "2.15")
    best = min(best, time.process_time() - started)
print(best)
"""


def in_process(venv: str, trees: list[str], home: str) -> float:
    out = subprocess.run([f"{venv}/bin/python", "-c", _IN_PROCESS, *trees], capture_output=True, text=True,
                         env={"TORCHPATCH_HOME": home, "PATH": "/usr/bin:/bin"}, check=True)
    return float(out.stdout.strip())


def per_process(venv: str, trees: list[str], home: str) -> float:
    total = 0.0
    for tree in trees:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([f"{venv}/bin/torchpatch", "check", "--json", "--target-version", "2.15", "."], cwd=tree,
                       env={"TORCHPATCH_HOME": home, "PATH": "/usr/bin:/bin"}, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        total += (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--venv", action="append", required=True, help="NAME=PATH of a venv with torchpatch")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--torchfix-seconds", type=float, default=None,
                        help="TorchFix's CPU time on the same trees, measured in the same hour (checker_vs_torchfix.py): "
                             "a ratio against a figure taken at another load is not a comparison")
    parser.add_argument("trees", nargs="+")
    args = parser.parse_args()
    venvs = [tuple(spec.split("=", 1)) for spec in args.venv]
    trees = [os.path.abspath(tree) for tree in args.trees]
    results = {name: {"in-process": [], "per-process": []} for name, _ in venvs}
    with tempfile.TemporaryDirectory() as homes:
        for round_ in range(args.rounds):
            for name, venv in (venvs if round_ % 2 == 0 else venvs[::-1]):
                home = os.path.join(homes, name)  # each venv its own caches, kept across rounds
                results[name]["in-process"].append(in_process(venv, trees, home))
                results[name]["per-process"].append(per_process(venv, trees, home))
            print(f"round {round_ + 1}: load average {os.getloadavg()[0]:.1f}", flush=True)
    for name, measures in results.items():
        for measure, values in measures.items():
            line = f"{name:10} {measure:11} min {min(values):.2f} s  median {statistics.median(values):.2f} s  " \
                   f"({', '.join(f'{v:.2f}' for v in values)})"
            if measure == "per-process" and args.torchfix_seconds:
                line += f"  TorchFix {args.torchfix_seconds} s / min = {args.torchfix_seconds / min(values):.1f}x"
            print(line)


if __name__ == "__main__":
    main()
