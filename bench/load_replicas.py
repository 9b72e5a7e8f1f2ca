"""Load across two replicas serving one index in object storage, with a re-index in the middle.

    .venv/bin/python bench/load_replicas.py [--clients 32] [--seconds 30] [--reuse-vectors URI]

Starts moto's S3-compatible server on loopback, publishes the references' index there (vectors reused
from this home's local index, built first if missing), starts two `torchpatch serve --transport http
--db s3://...` replicas with API tokens (one token per client), and runs the clients against them
(client n on replica n % 2; search, section and references requests). At a sixth of the run it publishes a new
build with one added section and records when each replica serves it; the clients run for --seconds
and at least until both replicas serve it. Reports requests, errors,
p50/p99 latency, each replica's RSS, and the re-index's time to visibility. Stops everything it started.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

import httpx

from bench_search import QUERIES, percentile, rss_mb

REPO = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
NEW_SECTION = ("\n## Load test marker section\n> meta: since=2.15; kind=new; api=torch.load_test_marker\n\n"
               "`torch.load_test_marker` exists only in the load test's second build.\n")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def moto_store(scratch: Path):
    port = free_port()
    process = subprocess.Popen([str(BIN / "moto_server"), "-H", "127.0.0.1", "-p", str(port)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                urllib.request.urlopen(urllib.request.Request(f"{url}/bench", method="PUT"), timeout=5)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise SystemExit("moto_server did not start")
                time.sleep(0.3)
        yield {"AWS_ACCESS_KEY_ID": "bench", "AWS_SECRET_ACCESS_KEY": "bench-secret", "AWS_REGION": "us-east-1",
               "AWS_ENDPOINT": url, "AWS_ALLOW_HTTP": "true"}
    finally:
        process.terminate()
        process.wait(timeout=30)


def start_replica(uri: str, home: Path, tokens: list[str], env: dict) -> tuple[subprocess.Popen, str]:
    port = free_port()
    home.mkdir(parents=True)
    process = subprocess.Popen([str(BIN / "torchpatch"), "serve", "--transport", "http", "--port", str(port), "--db", uri],
                               env={**os.environ, **env, "TORCHPATCH_HOME": str(home),
                                    "TORCHPATCH_API_TOKENS": ",".join(tokens)},
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return process, f"http://127.0.0.1:{port}"


def wait_healthy(base: str) -> dict:
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        with contextlib.suppress(httpx.HTTPError):
            response = httpx.get(base + "/healthz", timeout=5)
            if response.status_code == 200:
                return response.json()
        time.sleep(0.5)
    raise SystemExit(f"replica {base} did not start")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--reuse-vectors", metavar="URI", help="an index whose vectors to reuse [default: this home's]")
    args = parser.parse_args()

    from torchpatch.server.index import build_index, default_db_uri, default_references

    donor = args.reuse_vectors or default_db_uri()
    if not args.reuse_vectors:
        build_index(default_references(), donor)  # a no-op when this home's index is current
    scratch = Path(tempfile.mkdtemp(prefix="torchpatch-load-replicas-"))
    refs = scratch / "references"
    shutil.copytree(default_references(), refs)
    tokens = [f"load-test-token-{n:03d}-{os.urandom(6).hex()}" for n in range(args.clients)]
    replicas: list[tuple[subprocess.Popen, str]] = []
    try:
        with moto_store(scratch) as env:
            os.environ.update(env)
            uri = "s3://bench/index"
            started = time.perf_counter()
            build_index(refs, uri, reuse_vectors=donor)
            print(f"published the first build to {uri} in {time.perf_counter() - started:.1f} s")
            replicas = [start_replica(uri, scratch / f"home-{n}", tokens, env) for n in range(2)]
            first = [wait_healthy(base) for _, base in replicas]
            print(f"replicas up on build {first[0]['build']}; RSS "
                  + ", ".join(f"{rss_mb(p.pid):.0f} MB" for p, _ in replicas))
            warm_document_encoder()  # so that the re-index in the middle embeds one section, not imports a library
            results = run_load(args, replicas, tokens, refs, uri, donor)
    finally:
        for process, _ in replicas:
            process.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=30)
            if process.poll() is None:
                process.kill()
        shutil.rmtree(scratch, ignore_errors=True)
    print(results)


def warm_document_encoder() -> None:
    import importlib.util

    if importlib.util.find_spec("sentence_transformers") is not None:
        from torchpatch.server.embedding import SentenceTransformerEncoder

        SentenceTransformerEncoder().encode(["warm up"])


def run_load(args, replicas, tokens, refs: Path, uri: str, donor: str) -> str:
    from torchpatch.server.index import build_index

    latencies: list[float] = []
    errors: list[str] = []
    per_replica = [0, 0]
    lock = threading.Lock()
    began = time.monotonic()
    deadline = began + args.seconds
    watched = threading.Event()  # the clients also run until both replicas serve the new build
    ids = [h["id"] for h in httpx.get(replicas[0][1] + "/search", params={"q": "torch", "k": 50},
                                      headers={"Authorization": f"Bearer {tokens[0]}"}, timeout=30).json()["results"]]

    def client(number: int) -> None:
        replica = number % 2
        with httpx.Client(base_url=replicas[replica][1], timeout=30,
                          headers={"Authorization": f"Bearer {tokens[number]}"}) as http:
            i = number
            while time.monotonic() < deadline or not watched.is_set():
                i += 1
                kind = i % 4
                start = time.perf_counter()
                try:
                    if kind == 3:
                        response = http.get("/sections/" + ids[i % len(ids)].replace("#", "%23"))
                    elif kind == 2:
                        response = http.get("/references")
                    else:
                        response = http.get("/search", params={"q": QUERIES[i % len(QUERIES)], "k": 5})
                    ok = response.status_code == 200
                except httpx.HTTPError as exc:
                    ok, response = False, exc
                with lock:
                    latencies.append((time.perf_counter() - start) * 1000)
                    per_replica[replica] += 1
                    if not ok:
                        errors.append(f"replica {replica}: {str(getattr(response, 'status_code', response))[:200]}")

    seen: dict[int, float] = {}
    reindexed = threading.Event()
    new_build: dict[str, str] = {}

    def reindex() -> None:
        time.sleep(args.seconds / 6)
        target = refs / "migrations-and-security.md"
        target.write_text(target.read_text() + NEW_SECTION)
        start = time.monotonic()
        stats = build_index(refs, uri, reuse_vectors=donor)
        new_build.update(build=stats.build_id, took=f"{time.monotonic() - start:.1f}")
        reindexed.set()
        published = time.monotonic()
        while len(seen) < 2 and time.monotonic() < published + 60:
            for n, (_, base) in enumerate(replicas):
                with contextlib.suppress(httpx.HTTPError):
                    if n not in seen and httpx.get(base + "/healthz", timeout=10).json().get("build") == stats.build_id:
                        seen[n] = time.monotonic() - published
            time.sleep(0.2)
        new_build["published_at"] = f"{published - began:.0f}"
        watched.set()

    rss_before = [rss_mb(p.pid) for p, _ in replicas]
    threads = [threading.Thread(target=client, args=(n,)) for n in range(args.clients)]
    watcher = threading.Thread(target=reindex)
    for thread in [*threads, watcher]:
        thread.start()
    for thread in [*threads, watcher]:
        thread.join()
    elapsed = time.monotonic() - began
    rss_after = [rss_mb(p.pid) for p, _ in replicas]
    marker = [httpx.get(base + "/search", params={"q": "torch.load_test_marker", "k": 1}, timeout=30,
                        headers={"Authorization": f"Bearer {tokens[0]}"}).json()["results"][0]["id"] for _, base in replicas]
    return "\n".join([
        f"{args.clients} clients x {elapsed:.0f} s on 2 replicas: {len(latencies)} requests "
        f"({len(latencies) / elapsed:.0f}/s; {per_replica[0]} + {per_replica[1]}), {len(errors)} errors, "
        f"p50 {statistics.median(latencies):.0f} ms, p99 {percentile(latencies, 0.99):.0f} ms",
        f"re-index started at {args.seconds / 6:.0f} s: build {new_build.get('build')} written and published in "
        f"{new_build.get('took')} s (at {new_build.get('published_at')} s); "
        "served by replica " + ", ".join(f"{n + 1} after {seen[n]:.1f} s" if n in seen else f"{n + 1} never"
                                         for n in range(2)) + f"; top hit for the new API: {marker}",
        "RSS per replica: " + ", ".join(f"{b:.0f} -> {a:.0f} MB" for b, a in zip(rss_before, rss_after)),
        *(f"error: {e}" for e in errors[:10]),
    ])


if __name__ == "__main__":
    main()
