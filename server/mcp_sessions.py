"""Streamable-HTTP MCP sessions that a flood of abandoned ones cannot lock out a new client.

The SDK's session manager keeps a session until its client deletes it or it has been idle for
30 minutes, and at its limit refuses every new one with 503. Clients that open sessions and never
close them (a crashed agent, a reconnect loop, a hostile script) then lock every MCP host out.
Here sessions expire after ``IDLE_SECONDS``, and a new session never waits: when its client
(by address) holds ``PER_CLIENT`` sessions, or the server ``MAX_SESSIONS``, the least recently
used idle session is closed to make room. Only when every session is busy is a client refused.
"""

from __future__ import annotations

import contextvars
import time

from mcp.server.mcpserver import MCPServer
from mcp.server.streamable_http import StreamableHTTPServerTransport
from mcp.server.streamable_http_manager import StreamableHTTPASGIApp, StreamableHTTPSessionManager
from starlette.applications import Starlette
from starlette.routing import Route
from starlette.types import Receive, Scope, Send

IDLE_SECONDS = 300.0
PER_CLIENT = 32
MAX_SESSIONS = 256
MCP_SESSION_ID = "mcp-session-id"

_client: contextvars.ContextVar[str] = contextvars.ContextVar("mcp_client", default="")


class BoundedSessionManager(StreamableHTTPSessionManager):
    """The SDK's manager, with idle sessions evicted least recently used first instead of new ones refused."""

    def __init__(self, *args, per_client: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.per_client = per_client
        self._last_used: dict[str, float] = {}
        self._owner_address: dict[str, str] = {}

    async def _handle_stateful_request(self, scope: Scope, receive: Receive, send: Send) -> None:
        client = scope.get("client")
        _client.set(client[0] if client else "")
        session_id = dict(scope.get("headers") or []).get(MCP_SESSION_ID.encode())
        if session_id is not None:
            session_id = session_id.decode("latin-1")
            if session_id in self._server_instances:
                self._last_used[session_id] = time.monotonic()
        await super()._handle_stateful_request(scope, receive, send)
        self._forget_ended()

    def _admit_session(self, requestor) -> StreamableHTTPServerTransport | None:
        address = _client.get()
        mine = [sid for sid, owner in self._owner_address.items() if owner == address]
        if len(mine) >= self.per_client:
            self._evict_idle(mine)
        if self.max_sessions is not None and len(self._server_instances) >= self.max_sessions:
            self._evict_idle(list(self._server_instances))
        transport = super()._admit_session(requestor)
        if transport is not None and transport.mcp_session_id:
            self._last_used[transport.mcp_session_id] = time.monotonic()
            self._owner_address[transport.mcp_session_id] = address
        return transport

    def _evict_idle(self, candidates: list[str]) -> None:
        idle = [sid for sid in candidates if sid in self._server_instances
                and not getattr(self._server_instances[sid], "_requests_in_flight", 0)]
        if not idle:
            return
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
    return Starlette(routes=[Route("/", endpoint=StreamableHTTPASGIApp(manager))]), manager
