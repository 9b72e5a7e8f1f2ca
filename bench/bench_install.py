"""Install size and time of the light and full installs, and search on the light one.

    python bench/bench_install.py WHEEL [--full] [--out bench/install.json]

Each install goes into a fresh venv with pip and no pip cache (downloads included, as a user
meets them). On the light install, from a fresh TORCHPATCH_HOME: the first `torchpatch search`
(builds the index), then cold `torchpatch search` (new process each, median of 7), then warm
search p50/p95 in one process (50 distinct queries after one warm-up).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

QUERIES = ["torch.load weights_only", "export_for_training removed", "FSDP2 fully_shard", "torch.compile stance",
           "custom op torch.library", "DTensor redistribute", "sdpa flash attention", "torch.onnx.export dynamo"]
WARM = """
import json, statistics, sys, time
from torchpatch.server.search import SearchEngine
from torchpatch.server.models import SearchRequest
engine = SearchEngine()
engine.search(SearchRequest(query="warm up"))
times = []
for i in range(50):
    start = time.perf_counter()
    engine.search(SearchRequest(query=f"{sys.argv[1]} {i}"))
    times.append((time.perf_counter() - start) * 1000)
times.sort()
print(json.dumps({"p50_ms": round(statistics.median(times), 1), "p95_ms": round(times[int(len(times) * 0.95)], 1)}))
"""


def install(wheel: Path, extras: str, folder: Path) -> dict:
    venv = folder / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    started = time.monotonic()
    subprocess.run([venv / "bin" / "python", "-m", "pip", "install", "--quiet", "--no-cache-dir",
                    f"{wheel}{extras}"], check=True)
    seconds = time.monotonic() - started
    size = int(subprocess.run(["du", "-sb", str(venv)], capture_output=True, text=True, check=True).stdout.split()[0])
    return {"extras": extras or "(none)", "install_s": round(seconds, 1), "venv_gb": round(size / 1e9, 2), "venv": venv}


def searches(venv: Path, home: Path) -> dict:
    env = {**os.environ, "TORCHPATCH_HOME": str(home)}
    cli = [str(venv / "bin" / "torchpatch"), "search", "--k", "5"]
    started = time.monotonic()
    subprocess.run([*cli, "first search"], env=env, check=True, capture_output=True)
    first = time.monotonic() - started
    cold, cpu = [], []
    for query in QUERIES[:7]:
        started, used = time.monotonic(), _children_cpu()
        subprocess.run([*cli, query], env=env, check=True, capture_output=True)
        cold.append(time.monotonic() - started)
        cpu.append(_children_cpu() - used)  # CPU seconds: what a busy machine does not inflate
    warm = json.loads(subprocess.run([venv / "bin" / "python", "-c", WARM, "bench"], env=env, check=True,
                                     capture_output=True, text=True).stdout)
    return {"first_search_s": round(first, 2), "cold_search_median_s": round(statistics.median(cold), 2),
            "cold_search_s": [round(c, 2) for c in cold], "cold_search_cpu_median_s": round(statistics.median(cpu), 2),
            "load_average": os.getloadavg()[0], "warm": warm}


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("wheel", type=Path)
    parser.add_argument("--full", action="store_true", help="also the full install ([validate,embed], torch)")
    parser.add_argument("--out", type=Path, default=Path("bench/install.json"))
    parser.add_argument("--venv", type=Path, help="an existing light venv: skip installing, measure search only")
    args = parser.parse_args()
    results = {}
    with tempfile.TemporaryDirectory(prefix="bench-install-") as scratch:
        light = {"venv": args.venv} if args.venv else install(args.wheel.resolve(), "", Path(scratch) / "light")
        light.update(searches(light.pop("venv"), Path(scratch) / "home"))
        results["light"] = light
        print(json.dumps(light), flush=True)
        if args.full:
            full = install(args.wheel.resolve(), "[validate,embed]", Path(scratch) / "full")
            full.pop("venv")
            results["full"] = full
            print(json.dumps(full), flush=True)
    args.out.write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    main()
