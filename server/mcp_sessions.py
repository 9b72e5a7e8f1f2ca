"""Streamable-HTTP MCP sessions that a flood of abandoned ones cannot lock out a new client.

The SDK's session manager keeps a session until its client deletes it or it has been idle for
30 minutes, and at its limit refuses every new one with 503. Clients that open sessions and never
close them (a crashed agent, a reconnect loop, a hostile script) then lock every MCP host out.
Here sessions expire after ``IDLE_SECONDS``, and a new session never waits: when its client holds
``PER_CLIENT`` sessions, or the server ``MAX_SESSIONS``, the least recently used idle session is
closed to make room (at the server's limit, one of the client holding the most sessions). A
session whose only activity is an open GET event stream counts as idle: closing it ends the
stream, which its client may open again. A client holds at most ``PER_CLIENT_STREAMS`` GET streams.

A client is its address *and* its User-Agent: every local agent shares 127.0.0.1, and keyed by
address alone one process that opens many sessions would evict every other agent's session.
"""

from __future__ import annotations

import contextvars
import time

from collections import Counter

from mcp.server.mcpserver import MCPServer
from mcp.server.streamable_http import StreamableHTTPServerTransport
from mcp.server.streamable_http_manager import StreamableHTTPASGIApp, StreamableHTTPSessionManager
from starlette.applications import Starlette
from starlette.responses import JSONResponse

from .http_errors import error_response
from .mcp_stdio import rejection
from starlette.routing import Route
from starlette.types import Receive, Scope, Send

IDLE_SECONDS = 300.0
PER_CLIENT = 32
PER_CLIENT_STREAMS = 8
MAX_SESSIONS = 256
MCP_SESSION_ID = "mcp-session-id"

_client: contextvars.ContextVar[str] = contextvars.ContextVar("mcp_client", default="")


class BoundedSessionManager(StreamableHTTPSessionManager):
    """The SDK's manager, with idle sessions evicted least recently used first instead of new ones refused."""

    def __init__(self, *args, per_client: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.per_client = per_client
        self._last_used: dict[str, float] = {}
        self._owner_address: dict[str, str] = {}  # session id -> its client (address and User-Agent)
        self._streams: Counter[str] = Counter()  # session id -> its open GET streams

    async def _handle_stateful_request(self, scope: Scope, receive: Receive, send: Send) -> None:
        owner = client_key(scope)
        _client.set(owner)
        headers = dict(scope.get("headers") or [])
        session_id = headers.get(MCP_SESSION_ID.encode())
        if session_id is not None:
            session_id = session_id.decode("latin-1")
            if session_id in self._server_instances:
                self._last_used[session_id] = time.monotonic()
        stream = scope.get("method") == "GET" and session_id in self._server_instances
        if stream:
            if sum(self._streams[sid] for sid, o in self._owner_address.items() if o == owner) >= PER_CLIENT_STREAMS:
                await _rpc_error(429, f"this client has {PER_CLIENT_STREAMS} event streams open already; "
                                 "close one first")(scope, receive, send)
                return
            self._streams[session_id] += 1
        try:
            await super()._handle_stateful_request(scope, receive, send)
        finally:
            if stream:
                self._streams[session_id] -= 1
                if self._streams[session_id] <= 0:
                    del self._streams[session_id]
            self._forget_ended()

    def _admit_session(self, requestor) -> StreamableHTTPServerTransport | None:
        owner = _client.get()
        mine = [sid for sid, o in self._owner_address.items() if o == owner]
        if len(mine) >= self.per_client:
            self._evict_idle(mine)
        if self.max_sessions is not None and len(self._server_instances) >= self.max_sessions:
            self._evict_idle(list(self._server_instances), heaviest_first=True)
        transport = super()._admit_session(requestor)
        if transport is not None and transport.mcp_session_id:
            self._last_used[transport.mcp_session_id] = time.monotonic()
            self._owner_address[transport.mcp_session_id] = owner
        return transport

    def _busy(self, sid: str) -> bool:
        """A request other than an open GET stream is being served in the session."""
        in_flight = getattr(self._server_instances[sid], "_requests_in_flight", 0)
        return in_flight - self._streams.get(sid, 0) > 0

    def _evict_idle(self, candidates: list[str], heaviest_first: bool = False) -> None:
        idle = [sid for sid in candidates if sid in self._server_instances and not self._busy(sid)]
        if not idle:
            return
        held = Counter(self._owner_address.values())
        if heaviest_first:  # at the server's limit the client holding the most sessions gives one up
            oldest = min(idle, key=lambda sid: (-held[self._owner_address.get(sid, "")], self._last_used.get(sid, 0.0)))
        else:
            oldest = min(idle, key=lambda sid: self._last_used.get(sid, 0.0))
        transport = self._server_instances.pop(oldest)
        self._session_owners.pop(oldest, None)
        self._last_used.pop(oldest, None)
        self._owner_address.pop(oldest, None)
        if self._task_group is not None:
            self._task_group.start_soon(transport.terminate)  # its server task then ends by itself

    def _forget_ended(self) -> None:
        for sid in [sid for sid in self._last_used if sid not in self._server_instances]:
            self._last_used.pop(sid, None)
            self._owner_address.pop(sid, None)


def client_key(scope: Scope) -> str:
    """Whose session this is: the address and the User-Agent (cut short) together."""
    client = scope.get("client")
    agent = dict(scope.get("headers") or []).get(b"user-agent", b"")[:200].decode("latin-1")
    return f"{client[0] if client else ''} {agent}"


def _rpc_error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"jsonrpc": "2.0", "id": None, "error": {"code": -32000, "message": message}},
                        status_code=status)


def bounded_streamable_http_app(server: MCPServer, security_settings=None) -> tuple[Starlette, BoundedSessionManager]:
    """The streamable-HTTP MCP app at ``/`` of its mount point, with the given Host/Origin checks
    (see host_policy.py) or the SDK's defaults (loopback names only)."""
    server.streamable_http_app(streamable_http_path="/")  # to read the SDK's transport security defaults
    defaults = server.session_manager
    manager = BoundedSessionManager(
        app=server._lowlevel_server,  # the SDK offers no public way to swap the session manager
        security_settings=security_settings or defaults.security_settings,
        session_idle_timeout=IDLE_SECONDS,
        max_sessions=MAX_SESSIONS,
        per_client=PER_CLIENT,
    )
    endpoint = CheckedMessages(StreamableHTTPASGIApp(manager))
    return Starlette(routes=[Route("/", endpoint=endpoint),
                             Route("/{rest:path}", endpoint=_no_such_endpoint, methods=["GET", "POST", "DELETE"])]), manager


class CheckedMessages:
    """Reads a POSTed message whole before the SDK does, and answers what the SDK would drop in
    silence (a request id of 1.5, null or an object, a lone surrogate) with a JSON-RPC error, as
    the stdio transport does. Reading it here also lets an over-long chunked body meet the
    size limit (413) before the SDK has started an answer."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope.get("method") != "POST":
            return await self.app(scope, receive, send)
        body, more = b"", True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                return await self.app(scope, receive, send)  # the client went away
            body += message.get("body", b"")
            more = message.get("more_body", False)
        error = rejection(body.decode("utf-8", "replace")) if body.strip() else None
        if error is not None:
            return await JSONResponse(error, status_code=400)(scope, receive, send)
        replayed = False

        async def replay() -> dict:
            nonlocal replayed
            if replayed:
                return await receive()
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)


async def _no_such_endpoint(request):
    return error_response(404, "NotFound", "the MCP endpoint is /mcp/ (streamable HTTP); nothing is served "
                          "below it")
