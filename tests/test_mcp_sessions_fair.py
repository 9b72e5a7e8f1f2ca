"""Issue 27 item 5: MCP over HTTP: event streams and one greedy local client lock nobody out."""

from __future__ import annotations

import threading

import httpx

from torchpatch.server import mcp_sessions
from torchpatch.server.http_app import create_app

from .test_reliability import INITIALIZE, MCP_HEADERS, LiveServer

LIST_TOOLS = {"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {}}
INITIALIZED = {"jsonrpc": "2.0", "method": "notifications/initialized"}


def open_session(http: httpx.Client, agent: str) -> str:
    opened = http.post("/mcp/", json=INITIALIZE, headers={**MCP_HEADERS, "user-agent": agent})
    assert opened.status_code == 200, opened.text[:200]
    sid = opened.headers["mcp-session-id"]
    http.post("/mcp/", json=INITIALIZED, headers={**MCP_HEADERS, "user-agent": agent, "mcp-session-id": sid})
    return sid


def list_tools(http: httpx.Client, agent: str, sid: str) -> httpx.Response:
    return http.post("/mcp/", json=LIST_TOOLS, headers={**MCP_HEADERS, "user-agent": agent, "mcp-session-id": sid})


def hold_stream(base: str, agent: str, sid: str, opened: threading.Event, stop: threading.Event, codes: list):
    headers = {"accept": "text/event-stream", "user-agent": agent, "mcp-session-id": sid}
    with httpx.Client(base_url=base, timeout=None) as http, http.stream("GET", "/mcp/", headers=headers) as response:
        codes.append(response.status_code)
        opened.set()
        stop.wait(60)


def test_event_streams_do_not_lock_new_clients_out(engine, monkeypatch):
    monkeypatch.setattr(mcp_sessions, "MAX_SESSIONS", 4)
    monkeypatch.setattr(mcp_sessions, "PER_CLIENT_STREAMS", 4)
    stop, threads, codes = threading.Event(), [], []
    with LiveServer(create_app(engine)) as base, httpx.Client(base_url=base, timeout=30) as http:
        try:
            for _ in range(4):  # every session holds a GET stream: all "busy" to the SDK
                sid = open_session(http, "streamer")
                opened = threading.Event()
                thread = threading.Thread(target=hold_stream, args=(base, "streamer", sid, opened, stop, codes),
                                          daemon=True)
                thread.start()
                threads.append(thread)
                assert opened.wait(30)
            assert codes == [200] * 4
            newcomer = open_session(http, "newcomer")
            assert list_tools(http, "newcomer", newcomer).status_code == 200
        finally:
            stop.set()


def test_one_client_with_many_sessions_does_not_evict_another_local_agent(engine, monkeypatch):
    monkeypatch.setattr(mcp_sessions, "PER_CLIENT", 4)
    with LiveServer(create_app(engine)) as base, httpx.Client(base_url=base, timeout=30) as http:
        agent = open_session(http, "agent-a/1.0")
        for _ in range(12):  # another process on the same machine, opening and abandoning sessions
            open_session(http, "greedy/1.0")
        assert list_tools(http, "agent-a/1.0", agent).status_code == 200


def test_event_streams_per_client_are_capped(engine, monkeypatch):
    monkeypatch.setattr(mcp_sessions, "PER_CLIENT_STREAMS", 2)
    stop, codes = threading.Event(), []
    with LiveServer(create_app(engine)) as base, httpx.Client(base_url=base, timeout=30) as http:
        try:
            for _ in range(2):
                sid = open_session(http, "streamer")
                opened = threading.Event()
                threading.Thread(target=hold_stream, args=(base, "streamer", sid, opened, stop, codes),
                                 daemon=True).start()
                assert opened.wait(30)
            third = open_session(http, "streamer")
            refused = http.get("/mcp/", headers={"accept": "text/event-stream", "user-agent": "streamer",
                                                  "mcp-session-id": third})
            assert refused.status_code == 429 and "error" in refused.json()
        finally:
            stop.set()
