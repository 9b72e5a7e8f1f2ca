"""A bounded load test of the HTTP API on loopback: 16 concurrent clients for 30 s.

    .venv/bin/python bench/load_http.py [--clients 16] [--seconds 30]

Starts `torchpatch serve --transport http` on a free loopback port, then reports requests, errors,
p50/p99 latency and the server's resident memory. Stops by itself.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx

from bench_search import QUERIES, percentile, rss_mb

TORCHPATCH = str(Path(sys.executable).with_name("torchpatch"))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=30.0)
    args = parser.parse_args()
    with http_server() as (server, base):
        latencies: list[float] = []
        errors: list[str] = []
        lock = threading.Lock()
        deadline = time.monotonic() + args.seconds

        def client(number: int) -> None:
            with httpx.Client(base_url=base, timeout=30) as http:
                i = number
                while time.monotonic() < deadline:
                    query = QUERIES[i % len(QUERIES)]
                    i += 1
                    start = time.perf_counter()
                    try:
                        response = http.get("/search", params={"q": query, "k": 5})
                        ok = response.status_code == 200 and response.json()["results"]
                    except httpx.HTTPError as exc:
                        ok, response = False, exc
                    with lock:
                        latencies.append((time.perf_counter() - start) * 1000)
                        if not ok:
                            errors.append(str(response))

        threads = [threading.Thread(target=client, args=(n,)) for n in range(args.clients)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        print(f"{args.clients} clients x {args.seconds:.0f} s: {len(latencies)} requests "
              f"({len(latencies) / args.seconds:.0f}/s), {len(errors)} errors, p50 {statistics.median(latencies):.0f} ms, "
              f"p99 {percentile(latencies, 0.99):.0f} ms; server RSS {rss_mb(server.pid):.0f} MB")


@contextlib.contextmanager
def http_server():
    """``torchpatch serve --transport http`` on a free loopback port, answering /healthz; stopped on exit."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    server = subprocess.Popen([TORCHPATCH, "serve", "--transport", "http", "--port", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=dict(os.environ))
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_ready(base)
        yield server, base
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:  # closing many MCP sessions can outlast the wait
            server.kill()
            server.wait()


def _wait_ready(base: str) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            if httpx.get(base + "/healthz", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.5)
    raise SystemExit("server did not start")


if __name__ == "__main__":
    main()
