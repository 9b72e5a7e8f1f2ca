"""Issue 20: the server's entry points under bad input, faults and abuse.

The fault tests copy the session's real index into a temporary folder and damage it there.
"""

from __future__ import annotations

import json
import logging
import shutil
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import quote

import anyio
import httpx
import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from mcp import Client
from mcp.shared.exceptions import MCPError

from torchpatch.server import mcp_sessions
from torchpatch.server.cli import cli
from torchpatch.server.http_app import create_app
from torchpatch.server.http_errors import H11_MAX_EVENT_BYTES
from torchpatch.server.index import SectionIndex, build_index, current_table_path
from torchpatch.server.mcp_server import build_mcp_server
from torchpatch.server.models import SearchRequest
from torchpatch.server.search import SearchEngine
from torchpatch.validators.errors import IndexUnavailable

LOAD_ID = "loading#torchload-defaults-to-weights_onlytrue"
TORCHPATCH = str(Path(sys.executable).with_name("torchpatch"))


@pytest.fixture(scope="module")
def http(engine):
    with TestClient(create_app(engine, skill_md="# skill")) as client:
        yield client


@pytest.fixture
def own_index(tmp_path, search_db, search_refs) -> tuple[str, Path]:
    """A private copy of the real sample index and its references, free to change and damage."""
    shutil.copytree(search_db, tmp_path / "db")
    shutil.copytree(search_refs, tmp_path / "refs")
    return str(tmp_path / "db"), tmp_path / "refs"


def assert_error_shape(response: httpx.Response, status: int | None = None) -> dict:
    if status is not None:
        assert response.status_code == status, response.text[:300]
    body = response.json()
    assert set(body) == {"error"} and set(body["error"]) == {"type", "message"}, body
    assert isinstance(body["error"]["type"], str) and isinstance(body["error"]["message"], str)
    assert len(body["error"]["message"]) <= 600  # input is quoted by a short prefix at most
    return body["error"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class LiveServer:
    """The HTTP app on a real uvicorn server in a thread, configured as `torchpatch serve` does."""

    def __init__(self, app):
        import uvicorn

        self.port = free_port()
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="error",
                                                    h11_max_incomplete_event_size=H11_MAX_EVENT_BYTES))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> str:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started and time.monotonic() < deadline:
            time.sleep(0.05)
        return f"http://127.0.0.1:{self.port}"

    def __exit__(self, *exc) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


# --- 1. quoted and operator-shaped queries ------------------------------------------------------


@pytest.mark.parametrize("query", ['"torch.load"', '"torch.load" weights_only', 'torch.load"', "'torch.load'"])
def test_quoted_query_finds_its_section(engine, query):
    assert engine.search(SearchRequest(query=query, k=3)).results[0].id == LOAD_ID


@pytest.mark.parametrize("query", ['"', '""', "AND OR NOT", '+-*~^:()[]{}\\', "a~2 b^3", "title:x", "' OR 1=1 --"])
def test_query_syntax_is_never_an_index_error(engine, query):
    engine.search(SearchRequest(query=query, k=3))  # any hits, but no IndexUnavailable


def test_quoted_query_over_http(http):
    response = http.get("/search", params={"q": '"torch.load"'})
    assert response.status_code == 200 and response.json()["results"][0]["id"] == LOAD_ID


# --- 2. one error shape, and the bad-input matrix ---------------------------------------------


def test_framework_errors_have_the_api_shape(http):
    assert assert_error_shape(http.get("/no/such/route"), 404)["type"] == "NotFound"
    assert assert_error_shape(http.post("/search"), 405)["type"] == "MethodNotAllowed"
    nested = http.post("/check", content="[" * 100_000, headers={"content-type": "application/json"})
    assert nested.status_code in (400, 422) and assert_error_shape(nested)["type"] == "InvalidInput"
    latin1 = http.post("/check", content=b'{"code": "\xff\xfe"}', headers={"content-type": "application/json"})
    assert latin1.status_code in (400, 422) and assert_error_shape(latin1)["type"] == "InvalidInput"
    assert assert_error_shape(http.post("/check", content=b"x" * 2_000_000), 413)["type"] == "InvalidInput"


BAD_VALUES = {
    "empty": "",
    "long": "x" * 5_000,  # past every field's limit, within the URL limit
    "huge": "x" * 60_000,  # past the URL limit (the test client refuses URLs over 64 KB)
    "non-utf8": "%FF%FE%C0",
    "null-byte": "a\x00b",
    "sql": "' OR 1=1; DROP TABLE sections; --",
    "path": "../../../../etc/passwd",
    "html": "<script>alert(1)</script>",
    "template": "${jndi:ldap://x}{{7*7}}",
    "number": "-1",
    "float": "1e309",
}
BAD_BODIES = {
    "empty": b"",
    "not-json": b"code=1",
    "wrong-type": b'{"code": 5, "torch_version": [1]}',
    "array": b"[1, 2, 3]",
    "null": b"null",
    "non-utf8": b'{"code": "\xff\xfe"}',
    "nested": b'{"code": ' + b"[" * 50_000 + b"]" * 50_000 + b"}",
    "huge-code": json.dumps({"code": "x = 1\n" * 100_000}).encode(),
    "injection": json.dumps({"code": "__import__('os').system('touch /tmp/pwned-by-check')",
                             "torch_version": "2.15' OR '1'='1"}).encode(),
}


def api_routes(app) -> list:
    """Every JSON route the app has (from its OpenAPI schema), so routes added later are walked too."""
    from fastapi.routing import APIRoute

    return [route for route in app.routes if isinstance(route, APIRoute) and route.include_in_schema]


def bad_requests(route):
    """(method, url, kwargs) for each bad value in each parameter and body of the route."""
    methods = sorted(route.methods - {"HEAD"})
    path_names = [p.name for p in route.dependant.path_params]
    query_names = [p.alias for p in route.dependant.query_params]

    def url(path_value: str) -> str:
        path = route.path_format
        for name in path_names:
            path = path.replace("{" + name + "}", path_value)
        return path

    for method in methods:
        for label, value in BAD_VALUES.items():
            encoded = value if label == "non-utf8" else quote(value, safe="")
            if path_names:
                yield f"{method} {route.path} path={label}", method, url(encoded or "x"), {}
            for name in query_names:
                params = {n: "2.9" if n in ("from", "to") else "torch" for n in query_names if n != name}
                query = "&".join([f"{n}={v}" for n, v in params.items()] + [f"{name}={encoded}"])
                yield f"{method} {route.path} {name}={label}", method, url("x") + "?" + query, {}
        if route.body_field is not None:
            for label, body in BAD_BODIES.items():
                yield (f"{method} {route.path} body={label}", method, url("x"),
                       {"content": body, "headers": {"content-type": "application/json"}})


def test_bad_input_matrix_over_every_http_route(http):
    routes = api_routes(http.app)
    assert {"/search", "/sections/{section_id:path}", "/whats-new", "/check", "/healthz"} <= {r.path for r in routes}
    walked = 0
    for label, method, url, kwargs in (case for route in routes for case in bad_requests(route)):
        response = http.request(method, url, **kwargs)
        walked += 1
        assert response.status_code < 500, (label, response.status_code, response.text[:300])
        if response.status_code >= 400:
            assert_error_shape(response)
    assert walked > 100
    assert not Path("/tmp/pwned-by-check").exists()


BAD_ARGUMENTS = ["", "x" * 1_000_000, "\udcff\x00", "' OR 1=1 --", "../../etc/passwd", 5, -1, 1e309, [1], {"a": 1},
                 None, True]


def test_bad_input_matrix_over_every_mcp_tool(engine, caplog):
    async def main():
        outcomes = []
        async with Client(build_mcp_server(engine, "# skill")) as client:
            for tool in (await client.list_tools()).tools:
                for name in tool.input_schema.get("properties", {}):
                    for value in BAD_ARGUMENTS:
                        arguments = {"query": "torch", "id": LOAD_ID, "from_version": "2.9", "code": "x = 1"}
                        arguments = {k: v for k, v in arguments.items() if k in tool.input_schema["properties"]}
                        arguments[name] = value
                        outcomes.append((tool.name, name, repr(value)[:20], await client.call_tool(tool.name, arguments)))
        return outcomes

    with caplog.at_level(logging.ERROR):
        outcomes = anyio.run(main)
    assert len(outcomes) > 100
    for tool, name, value, result in outcomes:
        text = result.content[0].text if result.content else ""
        if result.is_error:
            assert text and len(text) < 2_000, (tool, name, value, len(text))
        assert text.strip() != f"Error executing tool {tool}", (tool, name, value)  # the SDK's word for a crash
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], "a tool crashed"


# --- 3. a running server follows `torchpatch index` -------------------------------------------


def test_running_server_sees_sections_added_and_removed(own_index):
    db, refs = own_index
    engine = SearchEngine(db, refs)
    new_id = "loading#torchsave-keeps-working"
    removed_id = "loading#torchscript-is-deprecated"
    with TestClient(create_app(engine)) as http:
        assert http.get("/sections/" + removed_id.replace("#", "%23")).status_code == 200
        text = (refs / "loading.md").read_text()
        start = text.index("## TorchScript is deprecated")
        end = text.index("## torch.cholesky raises")
        text = text[:start] + text[end:] + ("\n## torch.save keeps working\n> meta: since=2.6; kind=new; "
                                            "api=torch.save\n\n`torch.save` writes the zip format.\n")
        (refs / "loading.md").write_text(text)
        build_index(refs, db)
        time.sleep(1.1)  # the engine looks for a newer version at most once a second
        assert http.get("/sections/" + new_id.replace("#", "%23")).status_code == 200
        assert_error_shape(http.get("/sections/" + removed_id.replace("#", "%23")), 404)

        async def main():
            async with Client(build_mcp_server(engine)) as client:
                section = await client.call_tool("read_section", {"id": new_id})
                resource = await client.read_resource("torchpatch://references/loading")
                return section, resource

        section, resource = anyio.run(main)
        assert not section.is_error and "torch.save keeps working" in resource.contents[0].text
        assert "TorchScript is deprecated" not in resource.contents[0].text


# --- 4. health means "can answer" -------------------------------------------------------------


def test_healthz_fails_when_the_full_text_index_is_gone(own_index):
    db, refs = own_index
    with TestClient(create_app(SearchEngine(db, refs))) as http:
        assert http.get("/healthz").json()["status"] == "ok"
    for index_file in Path(current_table_path(db), "_indices").rglob("*.lance"):
        index_file.unlink()
    with TestClient(create_app(SearchEngine(db, refs))) as http:  # rows load, but no search can run
        assert http.get("/references").status_code == 200
        error = assert_error_shape(http.get("/healthz"), 503)
        assert error["type"] == "IndexUnavailable" and "torchpatch index" in error["message"]
        assert http.get("/search", params={"q": "torch.load"}).status_code == 503


# --- 5. a damaged index, a read-only home, old versions ----------------------------------------


def truncate_manifests(db: str) -> None:
    for manifest in Path(current_table_path(db), "_versions").glob("*.manifest"):
        manifest.write_bytes(manifest.read_bytes()[:10])


def test_truncated_manifest_is_rebuilt_by_index_and_index_rebuild(own_index):
    db, refs = own_index
    truncate_manifests(db)
    with pytest.raises(IndexUnavailable, match="torchpatch index"):
        SectionIndex(db)
    build_index(refs, db)  # notices the damage and writes a new table
    assert SectionIndex(db).fts_ids("torch.load", None, 1) == [LOAD_ID]
    truncate_manifests(db)
    rebuilt = CliRunner().invoke(cli, ["index", "--rebuild", "--db", db, "--references", str(refs)])
    assert rebuilt.exit_code == 0, rebuilt.output
    assert SearchEngine(db, refs).search(SearchRequest(query="torch.load", k=1)).results[0].id == LOAD_ID


def folder_bytes(path: str) -> int:
    return sum(f.stat().st_size for f in Path(path).rglob("*") if f.is_file())


def test_rebuilds_keep_only_the_newest_version(own_index):
    db, refs = own_index
    build_index(refs, db, rebuild=True)
    once = folder_bytes(db)
    build_index(refs, db, rebuild=True)
    build_index(refs, db, rebuild=True)
    assert folder_bytes(db) <= once * 1.05
    assert len(list(Path(current_table_path(db), "_versions").glob("*.manifest"))) == 1


def test_unwritable_home_says_what_to_do_not_rebuild(search_refs):
    # /proc refuses new folders even to root: a home where no index can be built.
    engine = SearchEngine("/proc/torchpatch-test/index", search_refs)
    with pytest.raises(IndexUnavailable) as caught:
        engine.search(SearchRequest(query="torch.load"))
    assert "TORCHPATCH_HOME" in str(caught.value) and "--rebuild" not in str(caught.value)
    index = CliRunner().invoke(cli, ["index", "--db", "/proc/torchpatch-test/index", "--references", str(search_refs)])
    assert index.exit_code == 1 and "choose a writable folder" in index.output and "Traceback" not in index.output


# --- 8. unbounded input is refused early and never echoed whole --------------------------------


def test_huge_ids_and_queries_are_quoted_by_prefix(http, engine, caplog):
    error = assert_error_shape(http.get("/sections/" + "x" * 7_000), 422)
    assert "7000 characters" in error["message"]
    assert_error_shape(http.get("/search", params={"q": "x" * 2_001}), 422)

    async def main():
        async with Client(build_mcp_server(engine)) as client:
            return await client.call_tool("read_section", {"id": "x" * 1_000_000})

    with caplog.at_level(logging.INFO):
        result = anyio.run(main)
    assert result.is_error and len(result.content[0].text) < 1_000
    assert sum(len(record.getMessage()) for record in caplog.records) < 10_000  # the log is not flooded either


def test_over_long_url_gets_414_not_a_reset(engine):
    with LiveServer(create_app(engine)) as base:
        with socket.create_connection(("127.0.0.1", int(base.rsplit(":", 1)[1])), timeout=20) as sock:
            sock.sendall(b"GET /search?q=" + b"x" * 200_000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            reply = b""
            while chunk := sock.recv(65536):  # the server closes the connection after its answer
                reply += chunk
    assert reply.startswith(b"HTTP/1.1 414"), reply[:200]
    assert b'"InvalidInput"' in reply


# --- 9. MCP sessions over HTTP, invalid JSON-RPC over stdio ------------------------------------


INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
              "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}
MCP_HEADERS = {"accept": "application/json, text/event-stream", "content-type": "application/json"}


def test_abandoned_mcp_sessions_never_lock_out_a_new_client(engine, monkeypatch):
    monkeypatch.setattr(mcp_sessions, "PER_CLIENT", 4)
    monkeypatch.setattr(mcp_sessions, "MAX_SESSIONS", 6)
    app = create_app(engine)
    with LiveServer(app) as base:
        with httpx.Client(base_url=base, timeout=20) as http:
            for _ in range(20):  # open a session, never use or close it
                opened = http.post("/mcp/", json=INITIALIZE, headers=MCP_HEADERS)
                assert opened.status_code == 200 and opened.headers["mcp-session-id"]
        assert len(app.state.mcp_sessions._server_instances) <= 4

        async def main():
            async with Client(f"{base}/mcp/") as client:
                return await client.list_tools()

        assert {tool.name for tool in anyio.run(main).tools} >= {"search", "read_section"}


def test_bad_mcp_http_requests_get_json_errors(engine):
    bodies = [b"", b"not json", b"\xff\xfe", b"[" * 100_000, b"[1, 2]", b'{"jsonrpc": "1.0", "id": 1, "method": "x"}',
              json.dumps({**INITIALIZE, "params": "x"}).encode(), b"x" * 2_000_000]
    with LiveServer(create_app(engine)) as base, httpx.Client(base_url=base, timeout=30) as http:
        for body in bodies:
            response = http.post("/mcp/", content=body, headers=MCP_HEADERS)
            assert 400 <= response.status_code < 500, (body[:30], response.status_code, response.text[:200])
            assert "error" in response.json(), body[:30]  # JSON-RPC's error, or the API's shape for 413
        unknown = http.post("/mcp/", json=INITIALIZE, headers={**MCP_HEADERS, "mcp-session-id": "x" * 10_000})
        assert unknown.status_code == 404 and len(unknown.text) < 1_000


def test_stdio_answers_every_invalid_request(search_db, search_refs):
    server = subprocess.Popen([TORCHPATCH, "serve", "--db", search_db, "--references", str(search_refs)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)

    def ask(line: str) -> dict:
        server.stdin.write(line.encode() + b"\n")
        server.stdin.flush()
        return json.loads(server.stdout.readline())

    try:
        assert "result" in ask(json.dumps(INITIALIZE))
        old_version = ask('{"jsonrpc": "1.0", "id": 7, "method": "tools/list"}')
        assert old_version["id"] == 7 and old_version["error"]["code"] == -32600
        string_params = ask('{"jsonrpc": "2.0", "id": "eight", "method": "tools/list", "params": "x"}')
        assert string_params["id"] == "eight" and string_params["error"]["code"] == -32600
        parse = ask("this is not json")
        assert parse["id"] is None and parse["error"]["code"] == -32700
        assert ask("[" * 100_000)["error"]["code"] == -32700
        assert ask('{"jsonrpc": "2.0", "id": 9, "method": "no/such"}')["error"]["code"] == -32601
        found = ask(json.dumps({"jsonrpc": "2.0", "id": 10, "method": "tools/call",
                                "params": {"name": "search", "arguments": {"query": '"torch.load"', "k": 1}}}))
        assert found["result"]["structuredContent"]["results"][0]["id"] == LOAD_ID
    finally:
        server.stdin.close()
        server.wait(timeout=30)


# --- 10. a missing resource names the ones that exist ------------------------------------------


def test_missing_reference_resource_lists_the_names(engine, caplog):
    async def main():
        async with Client(build_mcp_server(engine)) as client:
            try:
                await client.read_resource("torchpatch://references/README")
            except MCPError as exc:
                return exc

    with caplog.at_level(logging.INFO):
        error = anyio.run(main)
    assert isinstance(error, MCPError)
    assert "no reference 'README'" in str(error) and "compiling, loading" in str(error)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]


# --- 11. `torchpatch search -` reads the query from stdin ---------------------------------------


def test_search_dash_reads_stdin(search_db, search_refs):
    result = CliRunner().invoke(cli, ["search", "-", "--json", "--k", "1", "--db", search_db,
                                      "--references", str(search_refs)], input='"torch.load"\n')
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)[0]["id"] == LOAD_ID
