"""A bounded load test of the HTTP API on loopback: N concurrent clients for S seconds.

    .venv/bin/python bench/load_http.py [--clients 16] [--seconds 30] [--mix] [--reindex]
                                        [--nofile 1024] [--idle 2000] [--db DIR --references DIR]

Starts `torchpatch serve --transport http` on a free loopback port, then reports requests, errors,
p50/p99 latency and the server's resident memory. ``--mix`` sends searches, section reads and code
checks (a 20 kB body); ``--reindex`` edits a copy of the references half-way and runs
`torchpatch index` while the clients run; ``--nofile`` starts the server under that open-files
limit; ``--idle N`` opens N connections that never send a request and holds them open for the
whole run. After the run it checks that `/healthz` still answers. Stops by itself.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

from bench_search import QUERIES, percentile, rss_mb

TORCHPATCH = str(Path(sys.executable).with_name("torchpatch"))
CHECK_CODE = "import torch\n" + "".join(f"def f{i}(a):\n    return torch.qr(a)\n" for i in range(600))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--mix", action="store_true", help="searches, section reads and code checks")
    parser.add_argument("--reindex", action="store_true", help="edit the references and re-index half-way")
    parser.add_argument("--nofile", type=int, default=None, help="the server's open-files limit")
    parser.add_argument("--idle", type=int, default=0, help="idle connections held open during the run")
    parser.add_argument("--db", default=None)
    parser.add_argument("--references", default=None)
    args = parser.parse_args()
    with contextlib.ExitStack() as stack:
        refs = Path(args.references) if args.references else None
        if args.reindex and refs is not None:  # edit a copy, never the references themselves
            copy = Path(stack.enter_context(tempfile.TemporaryDirectory())) / "refs"
            shutil.copytree(refs, copy)
            refs = copy
        server, base, port = stack.enter_context(http_server(args.db, refs, args.nofile))
        idle = hold_idle(port, args.idle)
        stack.callback(lambda: [sock.close() for sock in idle])
        section_ids = [hit["id"] for hit in httpx.get(base + "/search", params={"q": "torch", "k": 20},
                                                      timeout=60).json()["results"]]
        latencies: dict[str, list[float]] = {"search": [], "section": [], "check": []}
        errors: list[str] = []
        lock = threading.Lock()
        deadline = time.monotonic() + args.seconds

        def client(number: int) -> None:
            pick = random.Random(number)
            with httpx.Client(base_url=base, timeout=60) as http:
                i = number
                while time.monotonic() < deadline:
                    i += 1
                    kind = pick.choice(["search"] * 6 + ["section"] * 3 + ["check"]) if args.mix else "search"
                    start = time.perf_counter()
                    try:
                        if kind == "search":
                            response = http.get("/search", params={"q": QUERIES[i % len(QUERIES)], "k": 5})
                            ok = response.status_code == 200 and response.json()["results"]
                        elif kind == "section":
                            response = http.get("/sections/" + section_ids[i % len(section_ids)].replace("#", "%23"))
                            ok = response.status_code in (200, 404)  # a re-index may remove a section
                        else:
                            response = http.post("/check", json={"code": CHECK_CODE})
                            ok = response.status_code == 200 and response.json()["count"] == 600
                    except httpx.HTTPError as exc:
                        ok, response = False, exc
                    with lock:
                        latencies[kind].append((time.perf_counter() - start) * 1000)
                        if not ok:
                            errors.append(f"{kind}: {response}")

        threads = [threading.Thread(target=client, args=(n,)) for n in range(args.clients)]
        for thread in threads:
            thread.start()
        reindexed = ""
        if args.reindex:
            time.sleep(args.seconds / 2)
            reindexed = reindex(args.db, refs)
        for thread in threads:
            thread.join()
        total = sum(len(v) for v in latencies.values())
        after = httpx.get(base + "/healthz", timeout=60).status_code
        held = sum(1 for sock in idle if _still_open(sock))
        print(f"{args.clients} clients x {args.seconds:.0f} s{' (mixed)' if args.mix else ''}"
              f"{f', server open-files limit {args.nofile}' if args.nofile else ''}"
              f"{f', {len(idle)} idle connections opened ({held} still open at the end)' if args.idle else ''}"
              f"{f', {reindexed}' if reindexed else ''}: {total} requests ({total / args.seconds:.0f}/s), "
              f"{len(errors)} errors; /healthz afterwards: {after}; server RSS {rss_mb(server.pid):.0f} MB")
        for kind, values in latencies.items():
            if values:
                print(f"  {kind}: {len(values)} requests, p50 {statistics.median(values):.0f} ms, "
                      f"p99 {percentile(values, 0.99):.0f} ms")
        for error in errors[:5]:
            print("  error:", error[:200])


def reindex(db: str | None, refs: Path | None) -> str:
    """Edit one reference (a new section) and run `torchpatch index` while the clients run."""
    if refs is not None:
        target = sorted(refs.glob("*.md"))[0]
        target.write_text(target.read_text() + "\n## Load test section\n> meta: since=2.6; kind=new; "
                          "api=torch.load\n\nAdded during the load test.\n")
    command = [TORCHPATCH, "index"] + (["--db", db] if db else []) + (["--references", str(refs)] if refs else [])
    started = time.monotonic()
    done = subprocess.run(command, capture_output=True, text=True)
    return f"re-index half-way ({done.stdout.strip() or done.stderr.strip()[-200:]}, {time.monotonic() - started:.0f} s)"


def hold_idle(port: int, count: int) -> list[socket.socket]:
    sockets = []
    for _ in range(count):
        sock = socket.socket()
        sock.settimeout(10)
        try:
            sock.connect(("127.0.0.1", port))
        except OSError:
            sock.close()
            continue
        sockets.append(sock)
    return sockets


def _still_open(sock: socket.socket) -> bool:
    try:
        sock.setblocking(False)
        return sock.recv(1, socket.MSG_PEEK) != b""
    except BlockingIOError:
        return True
    except OSError:
        return False


@contextlib.contextmanager
def http_server(db: str | None = None, refs: Path | None = None, nofile: int | None = None):
    """``torchpatch serve --transport http`` on a free loopback port, answering /healthz; stopped on exit."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    command = [TORCHPATCH, "serve", "--transport", "http", "--port", str(port)]
    command += (["--db", db] if db else []) + (["--references", str(refs)] if refs else [])

    def limit():
        if nofile:
            resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))

    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=dict(os.environ),
                              preexec_fn=limit)
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_ready(base)
        yield server, base, port
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:  # closing many MCP sessions can outlast the wait
            server.kill()
            server.wait()


def _wait_ready(base: str) -> None:
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        try:
            if httpx.get(base + "/healthz", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.5)
    raise SystemExit("server did not start")


if __name__ == "__main__":
    main()
