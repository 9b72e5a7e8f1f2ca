"""Issue 27 item 1: idle and slow connections never wedge `torchpatch serve --transport http`."""

from __future__ import annotations

import resource
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from torchpatch.server.http_serve import HEADER_TIMEOUT_S, connection_cap

TORCHPATCH = str(Path(sys.executable).with_name("torchpatch"))
OPEN_FILES = 1024  # the common default limit, where about 1,000 idle connections used to wedge the server


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def small_server(search_db, search_refs):
    """The real server, in its own process, with 1,024 open files at most (soft and hard)."""
    port = _free_port()

    def limit():
        resource.setrlimit(resource.RLIMIT_NOFILE, (OPEN_FILES, OPEN_FILES))

    server = subprocess.Popen([TORCHPATCH, "serve", "--transport", "http", "--port", str(port), "--db", search_db,
                               "--references", str(search_refs)], preexec_fn=limit,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            if httpx.get(base + "/healthz", timeout=5).status_code == 200:
                break
        except httpx.HTTPError:
            time.sleep(0.3)
    try:
        yield port, base, server
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def _open_idle(port: int, count: int) -> list[socket.socket]:
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


def test_idle_connections_never_wedge_the_server(small_server):
    port, base, server = small_server
    idle = _open_idle(port, 1_100)
    try:
        # While they are held, a new client is still answered: the longest idle one made room.
        assert httpx.get(base + "/healthz", timeout=120).status_code == 200
    finally:
        for sock in idle:
            sock.close()
    assert server.poll() is None
    assert httpx.get(base + "/healthz", timeout=30).status_code == 200


def test_a_connection_that_sends_no_request_is_closed_after_the_header_timeout(small_server):
    port, base, _ = small_server
    with socket.create_connection(("127.0.0.1", port), timeout=HEADER_TIMEOUT_S * 4) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")  # headers never finished
        started = time.monotonic()
        assert sock.recv(100) == b""  # closed by the server, not by our timeout
        assert time.monotonic() - started < HEADER_TIMEOUT_S * 4


def test_the_connection_cap_leaves_room_below_the_open_files_limit():
    assert connection_cap(1024, 200) <= 1024 - 200 - 128
    assert connection_cap(256, 250) >= 32
