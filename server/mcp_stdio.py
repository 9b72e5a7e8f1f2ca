"""MCP over stdin/stdout, where every line that is not a valid JSON-RPC message gets a JSON-RPC error.

The SDK's stdio transport drops such lines in silence: a client that sends ``"jsonrpc": "1.0"``
or ``"params": "x"`` with an id waits for ever, and a line that is not JSON gets no -32700. Here
each line is checked before the SDK sees it; a bad one is answered on stdout (with its id when it
has one, else ``null``) and the valid ones pass on unchanged.
"""

from __future__ import annotations

import json
import os
import sys
from io import TextIOWrapper

import anyio
import mcp_types as types
from mcp.server.mcpserver import MCPServer
from mcp.server.stdio import stdio_server

PARSE_ERROR, INVALID_REQUEST = -32700, -32600


def rejection(line: str) -> dict | None:
    """The JSON-RPC error object that answers ``line``, or None when the line is a valid message (or blank)."""
    if not line.strip():
        return None
    try:
        message = json.loads(line)
    except (ValueError, RecursionError):
        return _error(None, PARSE_ERROR, "Parse error: each line must be one JSON-RPC message")
    try:
        types.jsonrpc_message_adapter.validate_python(message, by_name=False)
        problem = _id_or_text_problem(message)
        if problem is None:
            return None
        request_id = message.get("id")
        if isinstance(request_id, bool) or not isinstance(request_id, (str, int)) or _has_surrogate(request_id):
            request_id = None
        return _error(request_id, INVALID_REQUEST, f"Invalid Request: {problem}")
    except Exception:  # pydantic's ValidationError, or a RecursionError on absurd nesting
        request_id = message.get("id") if isinstance(message, dict) else None
        if isinstance(request_id, bool) or not isinstance(request_id, (str, int)):
            request_id = None
        return _error(request_id, INVALID_REQUEST, "Invalid Request: expected a JSON-RPC 2.0 request "
                      '{"jsonrpc": "2.0", "id", "method", "params": {...}}')


def _id_or_text_problem(message) -> str | None:
    """What the SDK lets through but never answers: a request id that is not a string or an
    integer (1.5, null, an object), and text with a lone surrogate (an escaped \\ud800)."""
    if isinstance(message, dict) and "method" in message and "id" in message:
        request_id = message["id"]
        if isinstance(request_id, bool) or not isinstance(request_id, (str, int)):
            return "the id must be a string or an integer"
    if _has_surrogate(message):
        return "strings must be valid Unicode (no lone surrogate escapes such as \\ud800)"
    return None


def _has_surrogate(value) -> bool:
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return True
    except (TypeError, ValueError, RecursionError):
        return False
    return False


def _error(request_id, code: int, message: str) -> dict:
    return {"jsonrpc": "2.0", "id": request_id, "error": {"code": code, "message": message}}


class _LineWriter:
    """stdout shared by the SDK's writer and ours: one whole line at a time, flushed."""

    def __init__(self, stdout):
        self._stdout, self._lock = stdout, anyio.Lock()

    async def write(self, text: str) -> None:
        async with self._lock:
            await self._stdout.write(text)
            await self._stdout.flush()

    async def flush(self) -> None:
        pass  # every write is flushed while the lock is held


class _CheckedLines:
    """stdin for the SDK's reader: answers bad lines itself and yields the rest."""

    def __init__(self, stdin, stdout):
        self._stdin, self._stdout = stdin, stdout

    def __aiter__(self):
        return self._lines()

    async def _lines(self):
        async for line in self._stdin:
            error = rejection(line)
            if error is None:
                yield line
            else:
                await self._stdout.write(json.dumps(error, separators=(",", ":")) + "\n")


def run_stdio(server: MCPServer) -> None:
    """Serve ``server`` on this process's stdin and stdout until stdin closes."""
    # Take the wire off fds 0 and 1 as the SDK does, so a stray print or a child process cannot
    # write into the protocol stream.
    wire_in, wire_out = os.dup(0), os.dup(1)
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.dup2(2, 1)
    os.close(devnull)
    stdin = anyio.wrap_file(TextIOWrapper(os.fdopen(wire_in, "rb"), encoding="utf-8", errors="replace"))
    stdout = _LineWriter(anyio.wrap_file(TextIOWrapper(os.fdopen(wire_out, "wb"), encoding="utf-8")))

    async def main() -> None:
        async with stdio_server(_CheckedLines(stdin, stdout), stdout) as (read_stream, write_stream):
            lowlevel = server._lowlevel_server  # MCPServer.run("stdio") does the same with the SDK's streams
            await lowlevel.run(read_stream, write_stream, lowlevel.create_initialization_options())

    anyio.run(main)
    sys.stdout.flush()
