"""Issue 29: the index in object storage (a local moto S3 server), stateless replicas, re-index and store loss.

The S3 indexes reuse the vectors of the session's local sample index (``--reuse-vectors``), so
nothing here embeds more than the one section a test adds.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from torchpatch.server.http_app import create_app
from torchpatch.server.index import build_index, publish_build, read_pointer, write_build
from torchpatch.server.models import SearchRequest
from torchpatch.server.search import SearchEngine

from .conftest import S3Store, sample_section_count

TORCHPATCH = str(Path(sys.executable).with_name("torchpatch"))
QUERY = "torch.export.export_for_training"
EXPECTED = "compiling#export_for_training-is-removed"
NEW_ID = "loading#torchsave-keeps-working"
TOKEN = "replica-test-token-" + os.urandom(8).hex()
NEW_SECTION = ("\n## torch.save keeps working\n> meta: since=2.6; kind=new; api=torch.save\n\n"
               "`torch.save` writes the zip format.\n")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def run_cli(*args: str, env: dict | None = None, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([TORCHPATCH, *args], capture_output=True, text=True, timeout=300, input=stdin,
                          env={**os.environ, **(env or {})})


def wait_for(condition, what: str, seconds: float = 90.0):
    """Poll until ``condition()`` is truthy (a bounded wait, not a timing assertion)."""
    deadline = time.monotonic() + seconds
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.25)


def with_new_section(refs: Path, tmp: Path) -> Path:
    copy = tmp / "refs-edited"
    shutil.copytree(refs, copy)
    (copy / "loading.md").write_text((copy / "loading.md").read_text() + NEW_SECTION)
    return copy


# --- object storage as an index location ------------------------------------------------------


def test_index_into_object_storage_then_search_it_from_the_cli(s3_store, search_db, search_refs):
    uri = s3_store.uri("cli-index")
    indexed = run_cli("index", "--db", uri, "--references", str(search_refs), "--reuse-vectors", search_db)
    assert indexed.returncode == 0, indexed.stderr
    assert f"{sample_section_count()} sections indexed: 0 embedded" in indexed.stdout and "published" in indexed.stdout
    again = run_cli("index", "--db", uri, "--references", str(search_refs))
    assert again.returncode == 0 and "unchanged" in again.stdout
    found = run_cli("search", QUERY, "--json", "--k", "1", "--db", uri, "--references", str(search_refs))
    assert found.returncode == 0, found.stderr
    assert json.loads(found.stdout)[0]["id"] == EXPECTED
    missing = run_cli("search", QUERY, "--db", "s3://no-such-bucket-here/index", "--references", str(search_refs))
    assert missing.returncode == 1 and "Error:" in missing.stderr and "Traceback" not in missing.stderr
    assert os.environ["AWS_SECRET_ACCESS_KEY"] == s3_store.SECRET  # the secret was in use, so its absence means something
    for output in (indexed.stdout, indexed.stderr, again.stdout, again.stderr, found.stdout, found.stderr,
                   missing.stdout, missing.stderr):
        assert s3_store.SECRET not in output


def test_http_serves_from_object_storage(s3_store, search_db, search_refs):
    uri = s3_store.uri("http-index")
    build_index(search_refs, uri, reuse_vectors=search_db)
    engine = SearchEngine(uri, search_refs)
    with TestClient(create_app(engine)) as http:
        assert http.get("/search", params={"q": QUERY, "k": 1}).json()["results"][0]["id"] == EXPECTED
        health = http.get("/healthz").json()
        assert health["status"] == "ok" and health["sections"] == sample_section_count()
        assert health["build"] == read_pointer_of(uri).build_id
    engine._live.close()


def read_pointer_of(uri: str):
    import lancedb

    return read_pointer(lancedb.connect(uri))


def test_a_build_is_served_only_once_its_pointer_is_published(s3_store, search_db, search_refs, tmp_path):
    """A replica polling while the indexer writes sees the old build until the pointer names the new one."""
    import lancedb

    uri = s3_store.uri("half-written")
    build_index(search_refs, uri, reuse_vectors=search_db)
    first = read_pointer_of(uri)
    engine = SearchEngine(uri, search_refs)
    assert engine.search(SearchRequest(query=QUERY, k=1)).results[0].id == EXPECTED
    db = lancedb.connect(uri)
    rows = db.open_table(first.table).to_arrow().to_pylist()
    written = write_build(db, uri, [r for r in rows if not r["id"].startswith("compiling#")])  # not yet published
    engine._live.refresh_remote()
    assert engine.index_state().build_id == first.build_id
    assert EXPECTED in {h.id for h in engine.search(SearchRequest(query=QUERY, k=8)).results}
    publish_build(db, uri, written)
    engine._live.refresh_remote()
    assert engine.index_state().build_id == written.build_id
    assert engine.reference_names() == {"loading"}
    engine._live.close()


# --- a local folder deleted and indexed again (issue 27, item 3) --------------------------------


def test_a_deleted_and_reindexed_folder_is_picked_up_by_a_running_server(tmp_path, search_db, search_refs):
    db = tmp_path / "db"
    shutil.copytree(search_db, db)
    refs = tmp_path / "refs"
    shutil.copytree(search_refs, refs)
    with TestClient(create_app(SearchEngine(str(db), refs))) as http:
        assert http.get("/sections/" + EXPECTED.replace("#", "%23")).status_code == 200
        (refs / "compiling.md").unlink()
        shutil.rmtree(db)  # what the message for a damaged index tells users to do
        build_index(refs, str(db), reuse_vectors=search_db)
        time.sleep(1.1)  # a running server looks for a new build at most once a second
        assert http.get("/sections/" + EXPECTED.replace("#", "%23")).status_code == 404
        health = http.get("/healthz")
        assert health.status_code == 200 and health.json()["sections"] == 4


# --- stateless replicas -------------------------------------------------------------------------


class Replica:
    """`torchpatch serve --transport http --db s3://...` in its own process and its own empty home."""

    def __init__(self, uri: str, refs: Path, home: Path, env: dict):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = home.parent / f"replica-{self.port}.log"
        home.mkdir(parents=True)
        self.process = subprocess.Popen(
            [TORCHPATCH, "serve", "--transport", "http", "--port", str(self.port), "--db", uri, "--references", str(refs)],
            env={**os.environ, **env, "TORCHPATCH_HOME": str(home), "TORCHPATCH_RELOAD_SECONDS": "0.5",
                 "TORCHPATCH_API_TOKENS": TOKEN},
            stdout=self.log.open("wb"), stderr=subprocess.STDOUT)
        self.http = httpx.Client(base_url=self.base, timeout=30, headers={"Authorization": f"Bearer {TOKEN}"})

    def health_status(self) -> int | None:
        try:
            return self.http.get("/healthz").status_code
        except httpx.HTTPError:  # not listening yet
            return None

    def health(self) -> dict | None:
        try:
            response = self.http.get("/healthz")
            return response.json() if response.status_code == 200 else None
        except httpx.HTTPError:
            return None

    def ids(self, query: str, k: int = 8) -> list[str]:
        response = self.http.get("/search", params={"q": query, "k": k})
        assert response.status_code == 200, response.text
        return [hit["id"] for hit in response.json()["results"]]

    def stop(self) -> str:
        self.http.close()
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        return self.log.read_text(errors="replace")


def test_replicas_follow_a_reindex_and_keep_serving_when_the_store_is_lost(tmp_path, search_db, search_refs):
    store = S3Store(tmp_path)  # its own server: this test stops it
    replicas: list[Replica] = []
    with store.environment():
        try:
            uri = store.uri("shared")
            build_index(search_refs, uri, reuse_vectors=search_db)
            first = read_pointer_of(uri).build_id
            replicas = [Replica(uri, search_refs, tmp_path / f"home-{n}", store.env) for n in range(2)]
            for replica in replicas:
                assert wait_for(replica.health, "a replica to answer")["build"] == first
                assert replica.ids(QUERY)[0] == EXPECTED
                assert replica.http.get("/search", params={"q": QUERY}, headers={"Authorization": ""}).status_code == 401

            edited = with_new_section(search_refs, tmp_path)
            stats = build_index(edited, uri, reuse_vectors=search_db)  # a re-index, e.g. from CI
            assert stats.embedded == 1 and stats.build_id and stats.build_id != first
            for replica in replicas:
                wait_for(lambda: (replica.health() or {}).get("build") == stats.build_id, "the new build on a replica")
                assert NEW_ID in replica.ids("torch.save zip format")
                section = replica.http.get("/sections/" + NEW_ID.replace("#", "%23"))
                assert section.status_code == 200 and section.json()["since"] == "2.6"

            store.stop()  # the store is gone: each replica answers from the build it holds, and says so
            for replica in replicas:
                health = wait_for(lambda: (h := replica.health()) and h["status"] == "degraded" and h, "a degraded replica")
                assert health["build"] == stats.build_id and "still serving build" in health["reason"]
                assert store.SECRET not in json.dumps(health)
                assert replica.ids(QUERY)[0] == EXPECTED
        finally:
            logs = [replica.stop() for replica in replicas]
            store.stop()
    for log in logs:
        assert store.SECRET not in log and TOKEN not in log


def test_a_replica_started_before_the_first_index_answers_once_it_is_published(s3_store, search_db, search_refs, tmp_path):
    uri = s3_store.uri("late-index")
    replica = Replica(uri, search_refs, tmp_path / "home", s3_store.env)
    try:
        wait_for(lambda: replica.health_status() == 503, "the replica to start", 120)
        error = replica.http.get("/search", params={"q": QUERY}).json()["error"]
        assert error["type"] == "IndexUnavailable" and "torchpatch index --db" in error["message"]
        build_index(search_refs, uri, reuse_vectors=search_db)
        wait_for(replica.health, "the replica to load the first build")
        assert replica.ids(QUERY)[0] == EXPECTED
    finally:
        log = replica.stop()
    assert s3_store.SECRET not in log


# --- the README's "Deploy for a team" commands ------------------------------------------------


def health_status(base: str) -> int | None:
    try:
        return httpx.get(base + "/healthz", timeout=5).status_code
    except httpx.HTTPError:  # not listening yet
        return None


def readme_deploy_commands() -> list[str]:
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    section = readme.split("## Deploy for a team", 1)[1].split("\n## ", 1)[0]
    block = section.split("```bash", 1)[1].split("```", 1)[0].replace("\\\n", " ")
    return [" ".join(line.split()) for line in block.splitlines() if line.strip() and not line.lstrip().startswith("#")]


def test_the_readme_deploy_commands_work(s3_store, search_db, search_refs, tmp_path):
    import shlex

    commands = readme_deploy_commands()
    index = next(c for c in commands if c.startswith("torchpatch index"))
    serve = next(c for c in commands if c.startswith("torchpatch serve"))
    curl = next(c for c in commands if c.startswith("curl"))
    assert any(c.startswith("export TORCHPATCH_API_TOKENS_FILE=") for c in commands)
    uri = s3_store.uri("readme")
    port = free_port()

    def adapt(command: str) -> list[str]:  # this bucket, a free port, the sample references
        words = shlex.split(command.replace("s3://my-bucket/torchpatch", uri).replace("--port 8765", f"--port {port}"))
        return words[1:] + ["--references", str(search_refs)]

    indexed = run_cli(*adapt(index), "--reuse-vectors", search_db)
    assert indexed.returncode == 0 and "published" in indexed.stdout, indexed.stderr
    tokens = tmp_path / "tokens"
    tokens.write_text(f"# the team\n{TOKEN}\n")
    log = tmp_path / "serve.log"
    process = subprocess.Popen([TORCHPATCH, *adapt(serve)], stdout=log.open("wb"), stderr=subprocess.STDOUT,
                               env={**os.environ, "TORCHPATCH_API_TOKENS_FILE": str(tokens), "TORCHPATCH_API_TOKENS": ""})
    try:
        base = f"http://127.0.0.1:{port}"
        wait_for(lambda: health_status(base) == 200, "the README's server to answer", 180)
        url = shlex.split(curl)[-1]
        public = url.split("/", 3)[2]
        path = "/" + url.split("/", 3)[3]
        headers = {"Authorization": f"Bearer {TOKEN}", "Host": public}
        found = httpx.get(base + path, headers=headers, timeout=30)
        assert found.status_code == 200 and found.json()["results"]
        assert httpx.get(base + path, headers={**headers, "Authorization": ""}, timeout=30).status_code == 401
        assert httpx.get(base + path, headers={**headers, "Host": "evil.example"}, timeout=30).status_code == 421
    finally:
        process.terminate()
        process.wait(timeout=30)
    assert TOKEN not in log.read_text() and s3_store.SECRET not in log.read_text()


def test_storage_options_instead_of_the_aws_variables(s3_store, search_db, search_refs):
    options = {"aws_access_key_id": "options-key-id", "aws_secret_access_key": s3_store.SECRET,
               "aws_endpoint": s3_store.url, "aws_region": "us-east-1", "allow_http": "true"}
    env = {k: v for k, v in os.environ.items() if not k.startswith("AWS_")}
    uri = s3_store.uri("with-options")

    def cli(*args: str, options_text: str) -> subprocess.CompletedProcess:
        return subprocess.run([TORCHPATCH, *args, "--db", uri, "--references", str(search_refs)], capture_output=True,
                              text=True, timeout=300, env={**env, "TORCHPATCH_STORAGE_OPTIONS": options_text})

    indexed = cli("index", "--reuse-vectors", search_db, options_text=json.dumps(options))
    assert indexed.returncode == 0 and "published" in indexed.stdout, indexed.stderr
    found = cli("search", QUERY, "--json", "--k", "1", options_text=json.dumps(options))
    assert found.returncode == 0 and json.loads(found.stdout)[0]["id"] == EXPECTED, found.stderr
    broken = cli("search", QUERY, options_text=json.dumps(options)[:-1])  # not JSON: named, never quoted
    assert broken.returncode == 1 and "TORCHPATCH_STORAGE_OPTIONS must be a JSON object" in broken.stderr
    for output in (indexed.stdout, indexed.stderr, found.stdout, found.stderr, broken.stdout, broken.stderr):
        assert s3_store.SECRET not in output
