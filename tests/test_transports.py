"""MCP (in-process, stdio, streamable HTTP), the HTTP API and the CLI: thin layers over one core."""

from __future__ import annotations

import json
import socket
import sys
import threading
import time
from pathlib import Path

import anyio
import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from mcp import Client, StdioServerParameters

from torchpatch.server.cli import cli
from torchpatch.server.http_app import create_app
from torchpatch.server.mcp_server import build_mcp_server
from torchpatch.server.models import SearchRequest

TOOLS = {"search", "read_section", "list_references", "whats_new", "check_code"}
QUERY = "torch.export.export_for_training"
EXPECTED = "compiling#export_for_training-is-removed"


@pytest.fixture(scope="module")
def http(engine):
    with TestClient(create_app(engine, skill_md="# skill")) as client:
        yield client


def run(coroutine_fn):
    return anyio.run(coroutine_fn)


# --- MCP ---------------------------------------------------------------------------------------


def test_mcp_tools_are_read_only_with_output_schemas(engine):
    async def main():
        async with Client(build_mcp_server(engine, "# skill")) as client:
            return (await client.list_tools()).tools

    tools = run(main)
    assert {tool.name for tool in tools} == TOOLS
    for tool in tools:
        assert tool.annotations.read_only_hint is True, tool.name
        assert tool.output_schema, tool.name
        assert len(tool.description) > 40, tool.name


def test_mcp_each_tool_answers_with_structure_and_text(engine):
    async def main():
        async with Client(build_mcp_server(engine, "# skill")) as client:
            found = await client.call_tool("search", {"query": QUERY, "k": 2, "torch_version": "2.9"})
            section = await client.call_tool("read_section", {"id": EXPECTED})
            listing = await client.call_tool("list_references", {})
            news = await client.call_tool("whats_new", {"from_version": "2.9", "to_version": "2.15"})
            check = await client.call_tool("check_code", {"code": "import torch\nL = torch.cholesky(x)\n"})
            resource = await client.read_resource("torchpatch://references/compiling")
            skill = await client.read_resource("torchpatch://skill/SKILL.md")
            return found, section, listing, news, check, resource, skill

    found, section, listing, news, check, resource, skill = run(main)
    assert found.structured_content["results"][0]["id"] == EXPECTED
    assert found.structured_content["results"][0]["applies"] is False
    assert "removed 2.11" in found.content[0].text
    assert section.structured_content["kind"] == "breaking"
    assert {r["name"] for r in listing.structured_content["references"]} == {"compiling", "loading"}
    assert list(news.structured_content["groups"])[0] == "breaking"
    assert check.structured_content["count"] >= 1 and "torch.cholesky" in check.content[0].text
    assert resource.contents[0].text.startswith("# Compiling")
    assert skill.contents[0].text == "# skill"


def test_mcp_errors_tell_the_model_what_to_do(engine):
    async def main():
        async with Client(build_mcp_server(engine)) as client:
            empty = await client.call_tool("search", {"query": "  "})
            missing = await client.call_tool("read_section", {"id": "no#such"})
            return empty, missing

    empty, missing = run(main)
    assert empty.is_error and "query is empty" in empty.content[0].text
    assert missing.is_error and "use search or list_references" in missing.content[0].text


def _assert_lists_tools_and_searches(target) -> None:
    """Through the SDK's own client: the five tools are listed and a search finds its section."""
    async def main():
        async with Client(target) as client:
            return await client.list_tools(), await client.call_tool("search", {"query": QUERY, "k": 1})

    tools, result = run(main)
    assert {tool.name for tool in tools.tools} == TOOLS
    assert result.structured_content["results"][0]["id"] == EXPECTED


def test_mcp_over_stdio_with_the_sdk_client(search_db, search_refs):
    params = StdioServerParameters(
        command=str(Path(sys.executable).with_name("torchpatch")),
        args=["serve", "--db", search_db, "--references", str(search_refs)],
    )

    _assert_lists_tools_and_searches(params)


def test_mcp_over_streamable_http(engine):
    import uvicorn

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(engine), host="127.0.0.1", port=port, log_level="error"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 20
        while not server.started and time.monotonic() < deadline:
            time.sleep(0.05)

        _assert_lists_tools_and_searches(f"http://127.0.0.1:{port}/mcp/")
    finally:
        server.should_exit = True
        thread.join(timeout=10)


# --- HTTP API ----------------------------------------------------------------------------------


def test_http_search_section_references_whats_new_health(http):
    found = http.get("/search", params={"q": QUERY, "k": 3}).json()
    assert found["results"][0]["id"] == EXPECTED
    section = http.get("/sections/" + EXPECTED.replace("#", "%23")).json()
    assert section["removed"] == "2.11"
    assert http.get("/sections/" + EXPECTED.replace("#", "/")).json()["id"] == EXPECTED
    assert len(http.get("/references").json()["references"]) == 2
    assert "breaking" in http.get("/whats-new", params={"from": "2.9", "to": "2.15"}).json()["groups"]
    health = http.get("/healthz").json()
    assert (health["status"], health["sections"]) == ("ok", 9) and health["build"]  # a group heading is no section
    assert "/search" in http.get("/openapi.json").json()["paths"]


def test_http_check_flags_old_code(http):
    body = http.post("/check", json={"code": "import torch\ntorch.cholesky(a)\n"}).json()
    assert body["count"] >= 1 and body["findings"][0]["line"] == 2


@pytest.mark.parametrize("params, fragment", [
    ({"q": "torch", "k": 0}, "k"),
    ({"q": "torch", "k": 51}, "k"),
    ({"q": "x" * 2001}, "q"),
    ({"q": ""}, "q"),
    ({"q": "torch", "torch_version": "2.x"}, "torch_version"),
    ({"q": "torch", "kind": "nope"}, "unknown kind"),
    ({"k": "3"}, "q"),
])
def test_http_rejects_bad_input_with_422_and_one_error_shape(http, params, fragment):
    response = http.get("/search", params=params)
    assert response.status_code == 422
    error = response.json()["error"]
    assert error["type"] == "InvalidInput" and fragment in error["message"]


def test_http_unknown_id_is_404(http):
    response = http.get("/sections/none%23here")
    assert response.status_code == 404
    assert response.json()["error"]["type"] == "NotFound"


def test_http_check_rejects_unparsable_code(http):
    response = http.post("/check", json={"code": "def broken(:\n"})
    assert response.status_code == 422
    assert "line 1" in response.json()["error"]["message"]


# --- CLI and parity ----------------------------------------------------------------------------


def _cli(search_db, search_refs, *args):
    return CliRunner().invoke(cli, [*args, "--db", search_db, "--references", str(search_refs)])


def test_cli_json_has_the_documented_fields(search_db, search_refs):
    result = _cli(search_db, search_refs, "search", QUERY, "--json", "--k", "2")
    assert result.exit_code == 0, result.output
    hits = json.loads(result.output)
    assert {"id", "reference", "heading", "text", "score", "since", "kind", "verified"} <= set(hits[0])
    assert hits[0]["id"] == EXPECTED


def test_cli_readable_output_and_errors(search_db, search_refs):
    readable = _cli(search_db, search_refs, "search", QUERY)
    assert readable.exit_code == 0
    assert "Compiling > export_for_training is removed" in readable.output
    assert "[breaking · removed 2.11]" in readable.output
    empty = _cli(search_db, search_refs, "search", " ")
    assert empty.exit_code == 1 and "query is empty" in empty.output
    news = _cli(search_db, search_refs, "whats-new", "--from", "2.9")
    assert news.exit_code == 0 and "## breaking" in news.output


def test_one_query_gives_the_same_hits_everywhere(engine, http, search_db, search_refs):
    query = "how do I stop torch.compile from recompiling"
    core = [h.id for h in engine.search(SearchRequest(query=query, k=4)).results]
    cli_ids = [h["id"] for h in json.loads(_cli(search_db, search_refs, "search", query, "--json", "--k", "4").output)]
    http_ids = [h["id"] for h in http.get("/search", params={"q": query, "k": 4}).json()["results"]]

    async def main():
        async with Client(build_mcp_server(engine)) as client:
            result = await client.call_tool("search", {"query": query, "k": 4})
            return [h["id"] for h in result.structured_content["results"]]

    assert core == cli_ids == http_ids == run(main)


def test_console_script_output_and_exit_codes(search_db, search_refs):
    """The real `torchpatch` process (which skips interpreter teardown) flushes and exits right."""
    import subprocess

    command = [str(Path(sys.executable).with_name("torchpatch")), "search"]
    where = ["--db", search_db, "--references", str(search_refs)]
    found = subprocess.run([*command, QUERY, "--json", *where], capture_output=True, text=True, timeout=120)
    assert found.returncode == 0, found.stderr
    assert json.loads(found.stdout)[0]["id"] == EXPECTED
    empty = subprocess.run([*command, " ", *where], capture_output=True, text=True, timeout=120)
    assert empty.returncode == 1 and "query is empty" in empty.stderr


def test_an_old_id_and_a_nonsense_query_answer_alike_everywhere(engine, http, search_db, search_refs):
    """An old id resolves to its canonical section, and a query about nothing here says so, through
    the CLI, MCP, HTTP and the web page alike."""
    old, canonical, nonsense = ("loading#weights-only-is-the-default", "loading#torchload-defaults-to-weights_onlytrue",
                                "qwzx vbnm plok")
    cli_hits = json.loads(_cli(search_db, search_refs, "search", old, "--json").output)
    assert [h["id"] for h in cli_hits] == [canonical]
    assert http.get("/sections/" + old.replace("#", "%23")).json()["id"] == canonical
    assert http.get("/s/" + old.replace("#", "/")).status_code == 200
    assert canonical.split("#")[1] in http.get("/s/" + old.replace("#", "/")).text
    floor = http.get("/search", params={"q": nonsense}).json()
    assert floor["close_match"] is False and floor["results"] == [] and floor["suggestions"]
    assert "No close match" in http.get("/", params={"q": nonsense}).text
    assert "No close match" in _cli(search_db, search_refs, "search", nonsense).output

    async def main():
        async with Client(build_mcp_server(engine)) as client:
            return (await client.call_tool("read_section", {"id": old}),
                    await client.call_tool("search", {"query": nonsense}))

    section, searched = run(main)
    assert section.structured_content["id"] == canonical
    assert searched.structured_content["close_match"] is False and "No close match" in searched.content[0].text
