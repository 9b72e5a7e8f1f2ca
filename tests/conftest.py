"""Shared fixtures: an isolated torchpatch home, and paths to the sample references."""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path

import pytest

SAMPLES = Path(__file__).parent / "samples"


def sample_section_count() -> int:
    """Sections with content in the sample references (what an index of them holds)."""
    from torchpatch.server.records import load_records

    return len(load_records(SAMPLES / "search", {})[0])
REPO = Path(__file__).resolve().parent.parent
OLD_TORCH_PYTHON = REPO / ".venv-2.13" / "bin" / "python"


@pytest.fixture(scope="session", autouse=True)
def torchpatch_home(tmp_path_factory) -> Path:
    """Every test run gets its own home: caches and indexes never leak between runs."""
    home = tmp_path_factory.mktemp("torchpatch-home")
    os.environ["TORCHPATCH_HOME"] = str(home)
    return home


@pytest.fixture
def fresh_home(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("TORCHPATCH_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture(scope="session")
def samples() -> Path:
    return SAMPLES


@pytest.fixture(scope="session")
def current_python() -> str:
    return sys.executable


@pytest.fixture(scope="session")
def search_refs() -> Path:
    return SAMPLES / "search"


@pytest.fixture(scope="session")
def search_db(tmp_path_factory, search_refs) -> str:
    """A small real LanceDB index of the sample references, built once per test session."""
    from torchpatch.server.index import build_index

    uri = str(tmp_path_factory.mktemp("index") / "db")
    build_index(search_refs, uri)
    return uri


@pytest.fixture(scope="session")
def engine(search_db, search_refs):
    from torchpatch.server.search import SearchEngine

    return SearchEngine(search_db, search_refs)


# --- an S3-compatible object store (moto's server), for the object-storage and replica tests -------


class S3Store:
    """A moto server on a free loopback port with one bucket; ``env`` is what LanceDB needs to reach it."""

    SECRET = "torchpatch-test-secret-" + os.urandom(6).hex()  # distinctive: tests assert it is never printed

    def __init__(self, tmp: Path, bucket: str = "torchpatch-test"):
        import shutil
        import socket
        import subprocess
        import time
        import urllib.request

        server = shutil.which("moto_server", path=str(Path(sys.executable).parent)) or shutil.which("moto_server")
        if server is None:
            pytest.fail("moto_server is missing: install the test extra (pip install -e '.[test]')")
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.bucket = bucket
        self.log = tmp / f"moto-{self.port}.log"
        self.process = subprocess.Popen([server, "-H", "127.0.0.1", "-p", str(self.port)], stdout=self.log.open("wb"),
                                        stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 90
        while True:
            try:
                urllib.request.urlopen(urllib.request.Request(f"{self.url}/{bucket}", method="PUT"), timeout=5)
                break
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    self.stop()
                    pytest.fail(f"moto_server did not start: {self.log.read_text()[-500:]}")
                time.sleep(0.3)
        self.env = {"AWS_ACCESS_KEY_ID": "torchpatch-test-key-id", "AWS_SECRET_ACCESS_KEY": self.SECRET,
                    "AWS_REGION": "us-east-1", "AWS_ENDPOINT": self.url, "AWS_ALLOW_HTTP": "true"}

    def uri(self, path: str) -> str:
        return f"s3://{self.bucket}/{path}"

    @contextlib.contextmanager
    def environment(self):
        """Its AWS_* variables set in this process while the block runs, the old values back afterwards."""
        saved = {name: os.environ.get(name) for name in self.env}
        os.environ.update(self.env)
        try:
            yield self
        finally:
            for name, value in saved.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except Exception:
                self.process.kill()
                self.process.wait()


@pytest.fixture(scope="session")
def s3_store(tmp_path_factory):
    """One S3-compatible server for the session; its AWS_* variables are set while it runs."""
    store = S3Store(tmp_path_factory.mktemp("s3"))
    with store.environment():
        yield store
        store.stop()
