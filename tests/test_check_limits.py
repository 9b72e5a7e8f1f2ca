"""Issue 27 items 4 and 6 (and issue 24 item 4): code checks under concurrency and abuse."""

from __future__ import annotations

import asyncio
import json
import re
import threading
from pathlib import Path

import anyio
from fastapi.testclient import TestClient
from mcp import Client

from torchpatch.server import check_gate
from torchpatch.server.http_app import create_app
from torchpatch.server.mcp_server import build_mcp_server
from torchpatch.validators.checker import MAX_FINDINGS, check_source

REPO = Path(__file__).resolve().parent.parent
MANY = "import torch\n" + "q, r = torch.qr(a)\n" * 1_000  # 1,000 findings of one rule


# --- item 4 ---------------------------------------------------------------------------------------


def test_every_parse_goes_through_the_one_lock():
    """CPython 3.11's ast.parse fails at random in concurrent threads: only parsing.py may call it."""
    callers = []
    for folder in ("server", "validators"):
        for path in (REPO / folder).rglob("*.py"):
            relative = path.relative_to(REPO).as_posix()
            if relative in ("validators/parsing.py",) or "/radar/" in relative or "/forkserver/" in relative:
                continue  # radar probes and the fork server run in their own single-threaded processes
            if re.search(r"\bast\.parse\(", path.read_text(encoding="utf-8")):
                callers.append(relative)
    assert callers == []


def test_checks_in_many_threads_all_succeed():
    code = "import torch\n" + "".join(f"def f{i}(a):\n    return torch.qr(a), [x for x in range({i})]\n"
                                      for i in range(300))
    errors: list[BaseException] = []

    def work():
        try:
            for _ in range(5):
                assert check_source(code, "2.15")
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)

    threads = [threading.Thread(target=work) for _ in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []


# --- item 6 ---------------------------------------------------------------------------------------


def test_post_check_caps_its_findings_and_says_how_many_more(engine):
    with TestClient(create_app(engine)) as http:
        response = http.post("/check", json={"code": MANY})
    assert response.status_code == 200
    body = response.json()
    assert len(body["findings"]) == MAX_FINDINGS and body["count"] == 1_000
    assert body["truncated"] is True and body["omitted"] == 1_000 - MAX_FINDINGS
    assert len(response.content) < 300_000


def test_mcp_check_code_caps_its_findings(engine):
    async def main():
        async with Client(build_mcp_server(engine)) as client:
            return await client.call_tool("check_code", {"code": MANY})

    result = anyio.run(main)
    structured = result.structured_content
    assert len(structured["findings"]) == MAX_FINDINGS and structured["omitted"] == 1_000 - MAX_FINDINGS
    assert "800 more findings not shown" in result.content[0].text


def test_small_checks_are_not_marked_truncated(engine):
    with TestClient(create_app(engine)) as http:
        body = http.post("/check", json={"code": "import torch\ntorch.qr(a)\n"}).json()
    assert body["count"] == 1 and body["truncated"] is False and body["omitted"] == 0


def test_the_check_form_refuses_a_cross_origin_post(engine):
    with TestClient(create_app(engine), base_url="http://127.0.0.1:8765") as http:
        form = {"code": "import torch\ntorch.qr(a)\n"}
        foreign = http.post("/check/run", data=form, headers={"origin": "http://evil.example"})
        assert foreign.status_code == 403 and foreign.json()["error"]["type"] == "Forbidden"
        fetched = http.post("/check/run", data=form, headers={"sec-fetch-site": "cross-site"})
        assert fetched.status_code == 403
        own = http.post("/check/run", data=form, headers={"origin": "http://127.0.0.1:8765"})
        assert own.status_code == 200


def test_one_client_gets_a_bounded_share_of_the_checks(monkeypatch):
    """Three checks at once from one address: two run, the third waits its turn and then gets 429."""
    monkeypatch.setattr(check_gate, "CHECK_WAIT_S", 0.5)
    release = asyncio.Event()

    async def slow_app(scope, receive, send):
        await release.wait()
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"{}"})

    gate = check_gate.CheckGate(slow_app)

    async def one() -> int:
        sent = []

        async def send(message):
            sent.append(message)

        scope = {"type": "http", "method": "POST", "path": "/check", "client": ("10.0.0.1", 1), "headers": []}
        await gate(scope, None, send)
        return sent[0]["status"]

    async def main():
        tasks = [asyncio.create_task(one()) for _ in range(3)]
        await asyncio.sleep(1.0)
        release.set()
        return sorted(await asyncio.gather(*tasks))

    assert asyncio.run(main()) == [200, 200, 429]
    assert gate._clients == {}  # nothing kept per address once its checks are done
