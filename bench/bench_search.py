"""Search speed and size: index build, no-op re-index, warm search, MCP over stdio, cold CLI, memory.

    .venv/bin/python bench/bench_search.py

Uses a throwaway TORCHPATCH_HOME and the repository's references/.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TORCHPATCH = str(Path(sys.executable).with_name("torchpatch"))
QUERIES = [
    "torch.export.export_for_training",
    "_pickle.UnpicklingError: Weights only load failed",
    "how do I shard a model with FSDP2 and mixed precision",
    "torch.compiler.set_stance",
    "what changed in 2.13 for custom ops",
    "RuntimeError: This function was deprecated since version 1.9 and is now removed",
    "flex attention block mask on CPU",
    "load_inline C++ extension",
]


def _distinct_queries(limit: int = 80) -> list[str]:
    """The retrieval eval's queries: realistic, and each one new to the engine's vector cache."""
    sys.path.insert(0, str(REPO))
    from tests.eval.retrieval_eval import load_cases

    return [case.query for case in load_cases()][:limit]


DISTINCT = _distinct_queries()


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def main() -> None:
    home = tempfile.mkdtemp(prefix="bench-home-")
    os.environ.update(TORCHPATCH_HOME=home, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", HF_HUB_OFFLINE="1")
    from torchpatch.server.index import build_index
    from torchpatch.server.models import SearchRequest
    from torchpatch.server.search import SearchEngine

    db = str(Path(home) / "index")
    references = REPO / "references"
    start = time.perf_counter()
    stats = build_index(references, db)
    print(f"full index build: {time.perf_counter() - start:.1f} s ({stats.sections} sections)")
    noop = []
    for _ in range(3):
        start = time.perf_counter()
        build_index(references, db)
        noop.append(time.perf_counter() - start)
    print(f"no-op re-index (in process): {min(noop):.2f} s")
    noop_cli = min(_wall([TORCHPATCH, "index", "--db", db]) for _ in range(3))
    print(f"no-op re-index (torchpatch index, cold process): {noop_cli:.2f} s")

    engine = SearchEngine(db, references)
    engine.search(SearchRequest(query="warm up"))
    warm = []
    for query in DISTINCT:  # each query once: the engine keeps recent query vectors
        start = time.perf_counter()
        engine.search(SearchRequest(query=query))
        warm.append((time.perf_counter() - start) * 1000)
    print(f"warm search in process (embedding included): p50 {statistics.median(warm):.1f} ms, "
          f"p90 {percentile(warm, 0.9):.1f} ms ({len(warm)} queries)")

    stdio_p50, server_rss = _mcp_stdio(db, references)
    print(f"MCP search over stdio (SDK client): p50 {stdio_p50:.1f} ms; server RSS {server_rss:.0f} MB")

    cold = [_wall([TORCHPATCH, "search", query, "--db", db]) for query in QUERIES[:7]]
    print(f"cold `torchpatch search`: median {statistics.median(cold):.2f} s, max {max(cold):.2f} s")


def _wall(args: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def _mcp_stdio(db: str, references: Path) -> tuple[float, float]:
    import anyio
    from mcp import Client, StdioServerParameters

    params = StdioServerParameters(command=TORCHPATCH, args=["serve", "--db", db, "--references", str(references)],
                                   env=dict(os.environ))

    async def main():
        async with Client(params) as client:
            await client.call_tool("search", {"query": "warm up"})
            times = []
            for query in DISTINCT:
                start = time.perf_counter()
                await client.call_tool("search", {"query": query})
                times.append((time.perf_counter() - start) * 1000)
            pid = _server_pid()
            return statistics.median(times), rss_mb(pid) if pid else float("nan")

    return anyio.run(main)


def _server_pid() -> int | None:
    out = subprocess.run(["pgrep", "-n", "-f", "torchpatch serve"], capture_output=True, text=True).stdout.strip()
    return int(out) if out else None


if __name__ == "__main__":
    main()
