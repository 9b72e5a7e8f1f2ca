"""`torchpatch check` next to TorchFix (the linter PyTorch publishes) on the same source trees.

Both run as separate processes on one core (TorchFix with ``-j 1``; torchpatch is single-threaded),
each tree in turn; reported per tree: Python files, wall seconds and CPU seconds of the process,
findings, and a total row with the CPU ratio. TorchFix is not a dependency: install it into its own venv
and pass its executable.

Both tools run as a ``pip install`` leaves them, with their modules' bytecode compiled: an editable
checkout under ``PYTHONDONTWRITEBYTECODE=1`` would compile every module from source at each start. Each
run gets a fresh ``PYTHONPYCACHEPREFIX`` and one untimed warm-up of each tool on the first tree.

    python -m venv /tmp/tf && /tmp/tf/bin/pip install torchfix
    .venv/bin/python bench/checker_vs_torchfix.py --torchfix /tmp/tf/bin/torchfix TREE [TREE...]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def run(command: list[str], env: dict[str, str] | None = None) -> tuple[float, float, str]:
    """Wall and CPU seconds (user + system of the child) and stdout."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, env=env)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, result.stdout


def python_files(tree: Path) -> int:
    return sum(1 for _ in tree.rglob("*.py"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trees", nargs="+", type=Path)
    parser.add_argument("--torchfix", default=shutil.which("torchfix"), help="the torchfix executable")
    parser.add_argument("--torchpatch", default=str(Path(sys.executable).with_name("torchpatch")))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as bytecode:
        env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = bytecode
        compare(args, env)


def compare(args: argparse.Namespace, env: dict[str, str]) -> None:
    torchpatch = lambda tree: [args.torchpatch, "check", str(tree), "--format", "json"]  # noqa: E731
    torchfix = lambda tree: [args.torchfix, "-j", "1", str(tree)]  # noqa: E731
    run(torchpatch(args.trees[0]), env)  # warm-up: compile the bytecode, fill the rule cache
    if args.torchfix:
        run(torchfix(args.trees[0]), env)
    env_note = f"load average {os.getloadavg()[0]:.1f} at start"
    print(f"| tree | files | torchpatch wall / CPU | findings | TorchFix wall / CPU | findings |  ({env_note})")
    print("| --- | --- | --- | --- | --- | --- |")
    totals = [0, 0.0, 0.0]
    for tree in args.trees:
        tp_wall, tp_cpu, out = run(torchpatch(tree), env)
        tp_findings = len(json.loads(out)["findings"])
        tf_wall, tf_cpu, out = run(torchfix(tree), env) if args.torchfix else (0, 0, "")
        tf_findings = sum(1 for line in out.splitlines() if ": TOR" in line)
        files = python_files(tree)
        totals = [totals[0] + files, totals[1] + tp_cpu, totals[2] + tf_cpu]
        print(f"| {tree.name} | {files} | {tp_wall:.1f} s / {tp_cpu:.1f} s | {tp_findings} | "
              f"{tf_wall:.1f} s / {tf_cpu:.1f} s | {tf_findings} |", flush=True)
    ratio = f"{totals[2] / totals[1]:.1f}x" if totals[1] else "-"
    print(f"| all {len(args.trees)} | {totals[0]} | CPU {totals[1]:.1f} s | | CPU {totals[2]:.1f} s | "
          f"TorchFix / torchpatch CPU: {ratio} |  (load average {os.getloadavg()[0]:.1f} at the end)")


if __name__ == "__main__":
    main()
