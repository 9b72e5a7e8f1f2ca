"""How long `check_source` takes on a 2,000-line file (target: under 200 ms).

The file is built from the checker's own sample corpus (old-style and current code, so
rules fire and aliases resolve), repeated to 2,000 lines. Reported: cold (first call,
which reads the references and check-rules.toml) and warm (median of repeated calls), as
wall-clock time and as this process's CPU time (steady when other work shares the machine).

    .venv/bin/python bench/bench_checker.py [--lines 2000] [--repeat 30]
"""

from __future__ import annotations

import argparse
import ast
import statistics
import time
from pathlib import Path

SAMPLES = Path(__file__).resolve().parent.parent / "tests" / "samples" / "checker"


def build_source(lines: int) -> str:
    """The corpus, each file's code wrapped in a function (realistic scopes), padded to exactly ``lines``."""
    files = sorted((SAMPLES / "old").glob("*.py")) + sorted((SAMPLES / "current").glob("*.py"))
    out: list[str] = []
    copy = 0
    while True:
        for path in files:
            body = [f"    {line}" if line.strip() else "" for line in path.read_text().splitlines()]
            block = [f"def block_{copy}_{path.stem}():", *body, "    return None"]
            if len(out) + len(block) > lines:
                out.extend(f"pad_{i} = {i}" for i in range(lines - len(out)))
                return "\n".join(out) + "\n"
            out.extend(block)
        copy += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()

    source = build_source(args.lines)
    started = time.perf_counter()
    from torchpatch.validators.checker import check_source, default_rules

    findings = check_source(source, "2.15", "bench.py")
    cold = time.perf_counter() - started
    rules = default_rules()
    times, cpu, parse = [], [], []
    for _ in range(args.repeat):
        started, started_cpu = time.perf_counter(), time.process_time()
        check_source(source, "2.15", "bench.py")
        times.append(time.perf_counter() - started)
        cpu.append(time.process_time() - started_cpu)
        started_cpu = time.process_time()
        ast.parse(source)
        parse.append(time.process_time() - started_cpu)
    print(f"{source.count(chr(10))} lines, {len(source):,} bytes, {len(findings)} findings, "
          f"{len(rules.rules)} rules over {len(rules.sections)} sections")
    print(f"cold (imports + reading references): {cold * 1000:.1f} ms")
    print(f"warm: median {statistics.median(times) * 1000:.1f} ms, max {max(times) * 1000:.1f} ms "
          f"over {args.repeat} runs (CPU time: median {statistics.median(cpu) * 1000:.1f} ms; "
          f"of which ast.parse: {statistics.median(parse) * 1000:.1f} ms)")


if __name__ == "__main__":
    main()
