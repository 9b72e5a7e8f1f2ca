"""Issue 27: a bad-input and fault matrix for each entry point: CLI search/check/index/validate,
MCP over stdio and MCP over HTTP (the JSON API's matrix is in test_reliability.py). Every case
ends with a clear answer (an exit status, an error object), never a traceback or a hang, and
leaves the server answering."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from click.testing import CliRunner

from torchpatch.server.cli import cli
from torchpatch.server.http_app import create_app

from .test_reliability import INITIALIZE, MCP_HEADERS, LiveServer

TORCHPATCH = str(Path(sys.executable).with_name("torchpatch"))


@pytest.fixture(scope="module")
def bad_files(tmp_path_factory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("bad")
    files = {"latin1.md": "# Caf\xe9\n".encode("latin-1"), "nul.py": b"import torch\n" + b"\x00" * 100,
             "binary.py": b"import torch\n" + bytes(range(256)), "empty.md": b"",
             "py2.py": b"import torch\nprint 'x'\n"}
    for name, data in files.items():
        (root / name).write_bytes(data)
    (root / "dangling.md").symlink_to(root / "missing.md")
    (root / "loop.py").symlink_to(root / "loop.py")
    return {name: root / name for name in (*files, "dangling.md", "loop.py")} | {"root": root}


def cli_cases(bad, db, refs):
    common = ["--db", db, "--references", str(refs)]
    return [
        ("search empty", ["search", "", *common], None, {0, 1, 2}),
        ("search huge", ["search", "x" * 100_000, *common], None, {1, 2}),
        ("search surrogate", ["search", "\udcff\udcfe", *common], None, {0}),
        ("search binary stdin", ["search", "-", *common], bytes(range(256)), {0, 1}),
        ("search empty stdin", ["search", "-", *common], b"", {1, 2}),
        ("search bad k", ["search", "x", "--k", "0", *common], None, {2}),
        ("search bad version", ["search", "x", "--torch-version", "banana", *common], None, {1}),
        ("search bad kind", ["search", "x", "--kind", "nope", *common], None, {1}),
        ("search unwritable db", ["search", "x", "--db", "/proc/nope/db", "--references", str(refs)], None, {1}),
        ("check missing", ["check", str(bad["root"] / "nope.py")], None, {2}),
        ("check binary", ["check", str(bad["binary.py"])], None, {2}),
        ("check nul", ["check", str(bad["nul.py"])], None, {2}),
        ("check py2", ["check", str(bad["py2.py"])], None, {2}),
        ("check loop", ["check", str(bad["loop.py"])], None, {2}),
        ("check folder", ["check", str(bad["root"])], None, {2}),
        ("check binary stdin", ["check", "-"], bytes(range(256)), {2}),
        ("check bad version", ["check", "-", "--torch-version", "9.x"], b"x = 1\n", {2}),
        ("index bad files", ["index", "--db", str(bad["root"] / "db"), "--references", str(bad["root"])], None, {0}),
        ("index unwritable", ["index", "--db", "/proc/nope/db", "--references", str(refs)], None, {1}),
        ("validate missing", ["validate", str(bad["root"] / "nope.md"), "-q"], None, {1}),
        ("validate latin1", ["validate", str(bad["latin1.md"]), "-q"], None, {1}),
        ("validate dangling", ["validate", str(bad["dangling.md"]), "-q"], None, {1}),
        ("validate bad shard", ["validate", str(bad["empty.md"]), "--shard", "3/2"], None, {1, 2}),
        ("validate bad timeout", ["validate", str(bad["empty.md"]), "--timeout", "0"], None, {2}),
    ]


def test_cli_bad_input_matrix(bad_files, search_db, search_refs, fresh_home):
    for label, args, stdin, allowed in cli_cases(bad_files, search_db, search_refs):
        result = CliRunner().invoke(cli, args, input=stdin)
        assert result.exit_code in allowed, (label, result.exit_code, result.output[-500:])
        assert not (result.exception and not isinstance(result.exception, SystemExit)), (label, repr(result.exception))
        assert "Traceback" not in result.output, label


STDIO_LINES = ["", "not json", "[", "[]", "null", "1.5", '"x"', '{"jsonrpc": "2.0"}', "[" * 50_000,
               '{"jsonrpc": "2.0", "id": 1.5, "method": "ping"}', '{"jsonrpc": "2.0", "id": null, "method": "ping"}',
               '{"jsonrpc": "2.0", "id": [1], "method": "ping"}', '{"jsonrpc": "2.0", "id": 5, "method": "\\ud800"}',
               '{"jsonrpc": "2.0", "id": 6, "method": "tools/call", "params": {"name": "search", "arguments": {}}}',
               '{"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": "nope"}}',
               '{"jsonrpc": "2.0", "id": 8, "method": "tools/call", "params": {"name": "check_code", '
               '"arguments": {"code": "\\u0000"}}}']


def test_mcp_stdio_fault_matrix(search_db, search_refs):
    server = subprocess.Popen([TORCHPATCH, "serve", "--db", search_db, "--references", str(search_refs)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)

    def send(line: str) -> None:
        server.stdin.write(line.encode("utf-8", "surrogatepass") + b"\n")
        server.stdin.flush()

    try:
        send(json.dumps(INITIALIZE))
        assert "result" in json.loads(server.stdout.readline())
        answered = 0
        for line in STDIO_LINES:
            send(line)
            if line.strip():
                answer = json.loads(server.stdout.readline())
                assert "error" in answer or "result" in answer, (line[:40], answer)
                answered += 1
        send('{"jsonrpc": "2.0", "id": 99, "method": "ping"}')  # still answering after all of them
        assert json.loads(server.stdout.readline())["id"] == 99
        assert answered == len([line for line in STDIO_LINES if line.strip()])
    finally:
        server.stdin.close()
        server.wait(timeout=30)


HTTP_BODIES = [b"", b"not json", b"\xff\xfe", b"[]", b"null", b"1.5", b'{"jsonrpc": "2.0"}', b"[" * 50_000,
               b'{"jsonrpc": "2.0", "id": 1.5, "method": "ping"}', b'{"jsonrpc": "2.0", "id": {}, "method": "ping"}',
               b'{"jsonrpc": "2.0", "id": 5, "method": "\\ud800"}', b"x" * 2_000_000]


def test_mcp_http_fault_matrix(engine):
    with LiveServer(create_app(engine)) as base, httpx.Client(base_url=base, timeout=60) as http:
        for body in HTTP_BODIES:
            response = http.post("/mcp/", content=body, headers=MCP_HEADERS)
            assert 400 <= response.status_code < 500, (body[:30], response.status_code, response.text[:200])
            assert "error" in response.json(), body[:30]
        for method, path in (("GET", "/mcp/"), ("DELETE", "/mcp/"), ("PUT", "/mcp/"), ("GET", "/mcp/x")):
            response = http.request(method, path, headers=MCP_HEADERS)
            assert 400 <= response.status_code < 500 and response.text, (method, path, response.status_code)
        assert http.post("/mcp/", json=INITIALIZE, headers=MCP_HEADERS).status_code == 200  # still serving
        assert http.get("/healthz").status_code == 200
