"""Issue 27, the low-severity items: each with its own regression test."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from torchpatch.validators.cache import ResultCache
from torchpatch.validators.markdown import Version

TORCHPATCH = str(Path(sys.executable).with_name("torchpatch"))


# --- item 17: two validate runs in one home -------------------------------------------------------


def test_two_runs_sharing_a_cache_keep_each_others_entries(tmp_path):
    path = tmp_path / "validate-cache.json"
    first, second = ResultCache(path), ResultCache(path)  # both read the (empty) file at start
    first.put("a", "passed", "", 1.0)
    second.put("b", "passed", "", 2.0)
    first.save()
    second.save()
    assert set(json.loads(path.read_text())) == {"a", "b"}
    third = ResultCache(path)
    third.put("a", "failed", "now broken", 1.0)  # a failure removes the entry, and only that one
    third.save()
    assert set(json.loads(path.read_text())) == {"b"}


# --- item 18: versions with a minor or patch of 100 or more ----------------------------------------


def test_large_minor_and_patch_numbers_do_not_collide():
    assert Version.parse("2.9.100").sort_key != Version.parse("2.10").sort_key
    assert Version.parse("2.9.100").sort_key < Version.parse("2.10").sort_key
    assert Version.parse("2.100").sort_key > Version.parse("2.99.999").sort_key
    with pytest.raises(ValueError, match="below 1,000"):
        Version.parse("2.1000")


def test_labels_come_back_from_sort_keys():
    from torchpatch.server.search import _label

    for text in ("2.9.100", "2.10", "2.15", "2.14.1", "3.0"):
        assert _label(Version.parse(text).sort_key) == text


# --- item 11: ids and text the SDK would drop in silence ---------------------------------------------

ODD_REQUESTS = ['{"jsonrpc": "2.0", "id": 1.5, "method": "tools/list"}',
                '{"jsonrpc": "2.0", "id": null, "method": "tools/list"}',
                '{"jsonrpc": "2.0", "id": {"a": 1}, "method": "tools/list"}',
                '{"jsonrpc": "2.0", "id": 4, "method": "tools/list", "params": {"x": "\\ud800"}}']


def test_stdio_answers_odd_ids_and_lone_surrogates(search_db, search_refs):
    from .test_reliability import INITIALIZE

    server = subprocess.Popen([TORCHPATCH, "serve", "--db", search_db, "--references", str(search_refs)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        server.stdin.write((json.dumps(INITIALIZE) + "\n").encode())
        server.stdin.flush()
        assert "result" in json.loads(server.stdout.readline())
        for line in ODD_REQUESTS:
            server.stdin.write(line.encode() + b"\n")
            server.stdin.flush()
            answer = json.loads(server.stdout.readline())
            assert answer["error"]["code"] == -32600, (line, answer)
        assert answer["id"] == 4  # a valid id is echoed
    finally:
        server.stdin.close()
        server.wait(timeout=30)


def test_mcp_over_http_answers_odd_ids_and_lone_surrogates(engine):
    import httpx

    from torchpatch.server.http_app import create_app

    from .test_reliability import MCP_HEADERS, LiveServer

    with LiveServer(create_app(engine)) as base, httpx.Client(base_url=base, timeout=30) as http:
        for line in ODD_REQUESTS:
            response = http.post("/mcp/", content=line.encode(), headers=MCP_HEADERS)
            assert response.status_code == 400, (line, response.status_code, response.text[:200])
            assert response.json()["error"]["code"] == -32600


# --- item 15: one error shape --------------------------------------------------------------------


def test_error_shapes_for_chunked_bodies_unknown_mcp_paths_and_bad_encoding(engine):
    import httpx

    from torchpatch.server.http_app import create_app

    from .test_reliability import MCP_HEADERS, LiveServer, assert_error_shape

    def chunks():
        for _ in range(40):
            yield b"x" * 65_536  # 2.6 MB with no Content-Length: sent chunked

    with LiveServer(create_app(engine)) as base, httpx.Client(base_url=base, timeout=60) as http:
        for path, headers in (("/check", {"content-type": "application/json"}), ("/mcp/", MCP_HEADERS),
                              ("/check/run", {"content-type": "application/x-www-form-urlencoded"})):
            assert_error_shape(http.post(path, content=chunks(), headers=headers), 413)
        for path in ("/mcp/anything", "/mcp/a/b"):
            assert assert_error_shape(http.post(path, json={}), 404)["type"] == "NotFound"
        latin1 = http.post("/check", content=b'{"code": "\xff\xfe"}', headers={"content-type": "application/json"})
        assert_error_shape(latin1, 422)


# --- item 12: `torchpatch search` with input that is not UTF-8, or no stdin ----------------------------


def _search(search_db, search_refs, *args, input=None):
    from click.testing import CliRunner

    from torchpatch.server.cli import cli

    return CliRunner().invoke(cli, ["search", *args, "--json", "--k", "1", "--db", search_db,
                                    "--references", str(search_refs)], input=input)


def test_search_takes_an_argument_and_stdin_that_are_not_utf8(search_db, search_refs):
    from .test_reliability import LOAD_ID

    argument = _search(search_db, search_refs, "torch.load caf\udce9")  # how Python passes a Latin-1 byte
    assert argument.exit_code == 0, argument.output
    piped = _search(search_db, search_refs, "-", input=b"torch.load weights_only caf\xe9\n")
    assert piped.exit_code == 0, piped.output
    assert json.loads(piped.output)[0]["id"] == LOAD_ID


def test_search_uses_the_last_line_of_a_long_piped_traceback(search_db, search_refs):
    from torchpatch.server.pasted import query_from_pasted

    frames = "".join(f'  File "/site-packages/lib{i}.py", line {i}, in f{i}\n    return g{i}(x)\n' for i in range(60))
    last = "_pickle.UnpicklingError: Weights only load failed. torch.load weights_only"
    traceback = "Traceback (most recent call last):\n" + frames + last + "\n"
    assert len(traceback) > 2_000
    assert query_from_pasted(traceback) == last
    result = _search(search_db, search_refs, "-", input=traceback.encode())
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)


def test_search_without_stdin_is_a_usage_error(search_db, search_refs):
    result = subprocess.run([TORCHPATCH, "search", "-", "--db", search_db, "--references", str(search_refs)],
                            stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120,
                            preexec_fn=lambda: os.close(0))
    assert "Traceback" not in result.stderr and result.returncode == 2, result.stderr[-500:]


# --- item 13: `check good.py -` keeps good.py's findings ----------------------------------------------


def test_check_keeps_a_files_findings_when_stdin_does_not_decode(tmp_path):
    from click.testing import CliRunner

    from torchpatch.server.cli import cli

    good = tmp_path / "good.py"
    good.write_text("import torch\nq, r = torch.qr(a)\n")
    result = CliRunner().invoke(cli, ["check", str(good), "-", "--format", "json"], input=b"x = '\xff\xfe'\n")
    report = json.loads(result.stdout)
    assert [f["file"] for f in report["findings"]] == [str(good)]
    assert [e["file"] for e in report["errors"]] == ["<stdin>"] and "decode" in report["errors"][0]["message"]
    assert result.exit_code == 2


# --- item 14: reference files that are not UTF-8, and dangling links ----------------------------------


def _references_with_bad_files(tmp_path, search_refs) -> Path:
    import shutil

    refs = tmp_path / "refs"
    shutil.copytree(search_refs, refs)
    (refs / "latin1.md").write_bytes("# Caf\xe9\nScope: x\n".encode("latin-1"))
    (refs / "dangling.md").symlink_to(tmp_path / "nowhere.md")
    return refs


def test_index_names_a_file_that_is_not_utf8_or_a_dangling_link(tmp_path, search_refs):
    from click.testing import CliRunner

    from torchpatch.server.cli import cli

    refs = _references_with_bad_files(tmp_path, search_refs)
    result = CliRunner().invoke(cli, ["index", "--db", str(tmp_path / "db"), "--references", str(refs)])
    assert result.exit_code == 0, result.output
    assert "latin1.md:0: not UTF-8" in result.output
    assert "dangling.md:0: cannot be read (a link to nothing)" in result.output
    assert "cannot write the index" not in result.output


def test_validate_names_a_file_that_is_not_utf8(tmp_path, search_refs, fresh_home):
    from torchpatch.validators.validate import load_snippets

    refs = _references_with_bad_files(tmp_path, search_refs)
    _, problems = load_snippets([refs / "latin1.md", refs / "dangling.md"])
    messages = [str(p) for p in problems]
    assert any("latin1.md" in m and "not UTF-8" in m for m in messages), messages
    assert any("dangling.md" in m for m in messages), messages


def test_an_index_with_the_old_version_keys_is_rebuilt_on_open(tmp_path, search_db, search_refs):
    import shutil

    import lancedb
    import pyarrow as pa

    from torchpatch.server.search import SearchEngine

    from .test_reliability import LOAD_ID

    shutil.copytree(search_db, tmp_path / "db")
    from torchpatch.server.index import read_pointer

    db = lancedb.connect(str(tmp_path / "db"))
    table = read_pointer(db).table  # the build the pointer names
    data = db.open_table(table).to_arrow()
    rows = data.to_pylist()
    for row in rows:  # as the index was written before: 10,000 per major, 100 per minor, no marker
        for key in ("since", "deprecated", "removed"):
            if row[key]:
                major, rest = divmod(row[key], 1_000_000)
                row[key] = major * 10_000 + (rest // 1_000) * 100 + rest % 1_000
    db.create_table(table, data=pa.Table.from_pylist(rows, data.schema.remove_metadata()), mode="overwrite")
    hit = SearchEngine(str(tmp_path / "db"), search_refs).read_section(LOAD_ID)
    assert hit.since == "2.6"
