"""Issue 29 item 3 and issue 27 item 19: tokens, the sign-in cookie, request budgets, Host and Origin checks."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import anyio
import httpx
import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from mcp import Client

from torchpatch.server.access import AccessPolicy
from torchpatch.server.auth import COOKIE
from torchpatch.server.cli import cli
from torchpatch.server.host_policy import HostPolicy
from torchpatch.server.http_app import create_app
from torchpatch.server.http_errors import H11_MAX_EVENT_BYTES

TOKEN = "first-token-" + os.urandom(8).hex()
OTHER = "second-token-" + os.urandom(8).hex()
BASE = "http://127.0.0.1:8765"
PROTECTED = [("GET", "/search?q=torch.load"), ("GET", "/sections/loading%23x"), ("GET", "/references"),
             ("GET", "/whats-new?from=2.9"), ("POST", "/check"), ("GET", "/openapi.json"), ("GET", "/"),
             ("GET", "/changes"), ("POST", "/mcp/"), ("GET", "/no/such/route")]
INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
              "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}
MCP_HEADERS = {"accept": "application/json, text/event-stream", "content-type": "application/json"}


def app_with(engine, **policy):
    hosts = policy.pop("hosts", HostPolicy.for_bind("127.0.0.1"))
    return create_app(engine, access=AccessPolicy(tokens=policy.pop("tokens", (TOKEN, OTHER)), hosts=hosts, **policy))


@pytest.fixture(scope="module")
def http(engine):
    with TestClient(app_with(engine), base_url=BASE) as client:
        yield client


def assert_error(response, status: int, kind: str) -> dict:
    assert response.status_code == status, response.text[:300]
    body = response.json()
    assert set(body) == {"error"} and body["error"]["type"] == kind
    return body["error"]


@pytest.mark.parametrize("method, url", PROTECTED)
def test_every_route_but_healthz_needs_a_token(http, method, url):
    error = assert_error(http.request(method, url, headers={"accept": "application/json"}), 401, "Unauthorized")
    assert "Bearer" in error["message"]
    missing = http.request(method, url)
    assert missing.headers["www-authenticate"].startswith("Bearer")
    wrong = http.request(method, url, headers={"authorization": "Bearer not-" + TOKEN})
    assert_error(wrong, 401, "Unauthorized")
    assert 'error="invalid_token"' in wrong.headers["www-authenticate"]
    assert TOKEN not in wrong.text
    assert_error(http.request(method, url, headers={"authorization": f"Basic {TOKEN}"}), 401, "Unauthorized")


def test_a_valid_token_opens_the_api_the_page_and_mcp(http):
    bearer = {"authorization": f"Bearer {TOKEN}"}
    assert http.get("/healthz").status_code == 200  # no token: load balancers probe it
    assert http.get("/search", params={"q": "torch.load"}, headers=bearer).json()["results"]
    assert http.get("/", headers={**bearer, "accept": "text/html"}).status_code == 200
    assert http.post("/check", json={"code": "import torch\n"}, headers=bearer).status_code == 200
    assert http.get("/search", params={"q": "torch.load"}, headers={"authorization": f"bearer {OTHER}"}).status_code == 200
    opened = http.post("/mcp/", json=INITIALIZE, headers={**MCP_HEADERS, **bearer})
    assert opened.status_code == 200 and opened.headers["mcp-session-id"]


def test_a_browser_signs_in_with_a_form_and_gets_a_cookie_not_the_token(engine):
    with TestClient(app_with(engine), base_url=BASE, follow_redirects=False) as browser:
        page = browser.get("/changes?from=2.9", headers={"accept": "text/html"})
        assert page.status_code == 401 and '<form method="post" action="/login">' in page.text
        assert 'value="/changes?from=2.9"' in page.text
        refused = browser.post("/login", data={"token": "wrong-token-123456789", "next": "/changes"})
        assert refused.status_code == 401 and "not valid" in refused.text and COOKIE not in refused.headers.get("set-cookie", "")
        signed_in = browser.post("/login", data={"token": TOKEN, "next": "/changes?from=2.9"})
        assert signed_in.status_code == 303 and signed_in.headers["location"] == "/changes?from=2.9"
        cookie = signed_in.headers["set-cookie"]
        assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and TOKEN not in cookie
        assert browser.get("/changes?from=2.9", headers={"accept": "text/html"}).status_code == 200
        assert browser.get("/search", params={"q": "torch.load"}).status_code == 200
        mcp = browser.post("/mcp/", json=INITIALIZE, headers=MCP_HEADERS)  # MCP clients send the bearer header
        assert mcp.status_code == 401
        assert browser.post("/login", data={"token": TOKEN, "next": "//evil.example/x"}).headers["location"] == "/"
        browser.get("/logout")
        browser.cookies.clear()
        assert browser.get("/search", params={"q": "torch.load"}).status_code == 401


def test_each_token_has_its_own_request_budget(engine):
    with TestClient(app_with(engine, rate=0.5, burst=3), base_url=BASE) as http:
        first = {"authorization": f"Bearer {TOKEN}"}
        for _ in range(3):
            assert http.get("/references", headers=first).status_code == 200
        spent = http.get("/references", headers=first)
        assert_error(spent, 429, "TooManyRequests")
        assert int(spent.headers["retry-after"]) >= 1
        assert http.get("/references", headers={"authorization": f"Bearer {OTHER}"}).status_code == 200
        assert http.get("/healthz").status_code == 200


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8765", "127.0.0.1.evil.example", "localhost.evil"])
def test_a_foreign_host_is_refused_everywhere_but_healthz(engine, host):
    with TestClient(app_with(engine, tokens=()), base_url=BASE) as http:  # no tokens: the Host check still applies
        for method, url in PROTECTED:
            assert_error(http.request(method, url, headers={"host": host}), 421, "MisdirectedRequest")
        assert http.get("/healthz", headers={"host": host}).status_code == 200
        assert http.get("/references", headers={"host": "localhost:9999"}).status_code == 200
        assert http.get("/references", headers={"host": "[::1]:8765"}).status_code == 200


def test_a_foreign_origin_is_refused(engine):
    with TestClient(app_with(engine, tokens=()), base_url=BASE) as http:
        assert_error(http.post("/check/run", data={"code": "x = 1"}, headers={"origin": "http://evil.example"}),
                     403, "Forbidden")
        assert http.post("/check/run", data={"code": "x = 1"}, headers={"origin": BASE}).status_code == 200


def test_public_names_and_wildcard_binds():
    policy = HostPolicy.for_bind("0.0.0.0", ["torchpatch.example.com", "proxy.internal:8080"])
    assert policy.allows_host("torchpatch.example.com") and policy.allows_host("TorchPatch.example.com:443")
    assert policy.allows_host("proxy.internal:8080") and not policy.allows_host("proxy.internal:8081")
    assert policy.allows_host("127.0.0.1:8765") and not policy.allows_host("10.0.0.5:8765")
    assert HostPolicy.for_bind("0.0.0.0").allows_host("10.0.0.5:8765")  # any: such a server has tokens
    assert HostPolicy.for_bind("127.0.0.2").allows_host("127.0.0.2:8765")
    assert not HostPolicy.for_bind("127.0.0.2").allows_host("127.0.0.3:8765")
    assert HostPolicy.for_bind("::1").allows_host("[::1]:8765")


# --- the real server process --------------------------------------------------------------------


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_serve_refuses_a_public_address_without_tokens(monkeypatch):
    monkeypatch.delenv("TORCHPATCH_API_TOKENS", raising=False)
    monkeypatch.delenv("TORCHPATCH_API_TOKENS_FILE", raising=False)
    refused = CliRunner().invoke(cli, ["serve", "--transport", "http", "--host", "0.0.0.0", "--port", "1"])
    assert refused.exit_code == 1 and "without API tokens" in refused.output and "--insecure-no-auth" in refused.output
    monkeypatch.setenv("TORCHPATCH_API_TOKENS", "short")
    short = CliRunner().invoke(cli, ["serve", "--transport", "http", "--host", "0.0.0.0", "--port", "1"])
    assert short.exit_code == 1 and "shorter than 16 characters" in short.output and "short" not in short.output.split(":")[0]
    monkeypatch.setenv("TORCHPATCH_API_TOKENS_FILE", "/no/such/tokens")
    missing = CliRunner().invoke(cli, ["serve", "--transport", "http", "--host", "0.0.0.0", "--port", "1"])
    assert missing.exit_code == 1 and "cannot read TORCHPATCH_API_TOKENS_FILE" in missing.output


def serve(args: list[str], env: dict, log: Path) -> subprocess.Popen:
    return subprocess.Popen([str(Path(sys.executable).with_name("torchpatch")), "serve", "--transport", "http", *args],
                            env={**os.environ, **env}, stdout=log.open("wb"), stderr=subprocess.STDOUT)


def wait_healthy(url: str, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and process.poll() is None:
        try:
            if httpx.get(url + "/healthz", timeout=5).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.3)
    raise AssertionError(f"server at {url} did not start")


def stop(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def test_mcp_with_a_token_on_another_loopback_address_and_no_token_in_the_log(search_db, search_refs, tmp_path):
    """`--host 127.0.0.2` used to answer every MCP initialize with 421; tokens come from a file."""
    from mcp.client.streamable_http import streamable_http_client
    from mcp.shared._httpx_utils import create_mcp_http_client

    tokens = tmp_path / "tokens"
    tokens.write_text(f"# team tokens\n{TOKEN}\n\n{OTHER}\n")
    port = free_port()
    log = tmp_path / "serve.log"
    process = serve(["--host", "127.0.0.2", "--port", str(port), "--db", search_db, "--references", str(search_refs)],
                    {"TORCHPATCH_API_TOKENS_FILE": str(tokens), "TORCHPATCH_API_TOKENS": ""}, log)
    base = f"http://127.0.0.2:{port}"
    try:
        wait_healthy(base, process)

        async def main():
            client = create_mcp_http_client(headers={"Authorization": f"Bearer {OTHER}"})
            async with Client(streamable_http_client(f"{base}/mcp/", http_client=client)) as session:
                return await session.call_tool("search", {"query": "torch.load", "k": 1})

        assert anyio.run(main).structured_content["results"]
        with httpx.Client(base_url=base, timeout=30) as http:
            assert http.post("/mcp/", json=INITIALIZE, headers=MCP_HEADERS).status_code == 401
            bad = http.get("/search", params={"q": "x"}, headers={"authorization": f"Bearer {TOKEN}x"})
            assert bad.status_code == 401
            assert http.get("/search", params={"q": "x"}, headers={"authorization": f"Bearer {TOKEN}",
                                                                 "host": "evil.example"}).status_code == 421
    finally:
        stop(process)
    output = log.read_text(errors="replace")
    assert "2 API token(s) accepted" in output
    assert TOKEN not in output and OTHER not in output


def test_insecure_no_auth_serves_with_a_warning(search_db, search_refs, tmp_path):
    port = free_port()
    log = tmp_path / "serve.log"
    process = serve(["--host", "0.0.0.0", "--port", str(port), "--insecure-no-auth", "--db", search_db,
                     "--references", str(search_refs)], {"TORCHPATCH_API_TOKENS": ""}, log)
    try:
        wait_healthy(f"http://127.0.0.1:{port}", process)
        assert httpx.get(f"http://127.0.0.1:{port}/references", timeout=30).status_code == 200
    finally:
        stop(process)
    assert "WARNING: serving 0.0.0.0 with no authentication" in log.read_text()
