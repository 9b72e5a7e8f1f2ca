"""MCP over stdio under load: 4 concurrent SDK client sessions, each its own server, 100 searches each.

    .venv/bin/python bench/load_mcp_stdio.py [--sessions 4] [--searches 100]

Each session starts `torchpatch serve` (stdio) on the index of $TORCHPATCH_DB / $TORCHPATCH_HOME, as an
MCP host would, and sends distinct searches; reports errors, p50/p99 round trip and the servers' memory.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

import anyio
from mcp import Client, StdioServerParameters

from bench_search import QUERIES, percentile, rss_mb

TORCHPATCH = str(Path(sys.executable).with_name("torchpatch"))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sessions", type=int, default=4)
    parser.add_argument("--searches", type=int, default=100)
    args = parser.parse_args()
    latencies: list[float] = []
    errors: list[str] = []
    memory: list[float] = []

    async def session(number: int) -> None:
        params = StdioServerParameters(command=TORCHPATCH, args=["serve"], env=dict(os.environ))
        async with Client(params) as client:
            await client.call_tool("search", {"query": "warm up"})
            for i in range(args.searches):
                query = f"{QUERIES[(number + i) % len(QUERIES)]} {i}"  # distinct: no cached query vector
                start = time.perf_counter()
                result = await client.call_tool("search", {"query": query, "k": 5})
                latencies.append((time.perf_counter() - start) * 1000)
                if result.is_error or not result.structured_content["results"]:
                    errors.append(result.content[0].text[:200])
            memory.append(_newest_server_rss())

    async def run_all() -> float:
        start = time.perf_counter()
        async with anyio.create_task_group() as group:
            for number in range(args.sessions):
                group.start_soon(session, number)
        return time.perf_counter() - start

    seconds = anyio.run(run_all)
    print(f"{args.sessions} stdio sessions x {args.searches} searches: {len(latencies)} calls in {seconds:.1f} s, "
          f"{len(errors)} errors, p50 {statistics.median(latencies):.0f} ms, p99 {percentile(latencies, 0.99):.0f} ms; "
          f"largest server RSS {max(memory):.0f} MB")
    for error in errors[:5]:
        print("  error:", error)


def _newest_server_rss() -> float:
    import subprocess

    pids = subprocess.run(["pgrep", "-f", f"{TORCHPATCH} serve"], capture_output=True, text=True).stdout.split()
    return max((rss_mb(int(pid)) for pid in pids), default=float("nan"))


if __name__ == "__main__":
    main()
