"""Run the HTTP app on uvicorn with limits that keep it answering under idle and slow connections.

uvicorn holds a connection that never sends a request for ever. About 1,000 of them exhaust the
usual open-files limit (1,024): ``accept()`` then fails with EMFILE, and the server stops
answering for good. Here:

* connections are capped below the open-files limit: of the descriptors the app does not hold
  at start (the index, the model), a quarter, at least 128, stays free for the files queries open. At the cap a new connection evicts the connection that
  has been idle longest (no request yet, or between requests); only when every connection is
  busy is the new one closed;
* a connection must send its request headers within ``HEADER_TIMEOUT_S`` and its body within
  ``BODY_TIMEOUT_S``, else it is closed; an idle keep-alive connection is closed after
  ``KEEP_ALIVE_S`` (uvicorn's own timer);
* the listen backlog, which is also how many connections one turn of the event loop accepts at
  once, is small, so a burst cannot take every descriptor before the cap applies;
* an error in the event loop (``accept()`` out of descriptors included) is written to stderr
  without logging's machinery, which can itself fail for want of a descriptor: the loop goes on.
"""

from __future__ import annotations

import asyncio
import os
import resource

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from .http_errors import H11_MAX_EVENT_BYTES

HEADER_TIMEOUT_S = 10.0
BODY_TIMEOUT_S = 30.0
KEEP_ALIVE_S = 5.0
GUARD_INTERVAL_S = 1.0
BACKLOG = 128
MIN_CONNECTIONS = 32


def raise_open_files_limit() -> int:
    """Raise this process's soft open-files limit to its hard limit; the soft limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft < hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
        except (ValueError, OSError):
            pass
    return soft


def connection_cap(open_files: int, in_use: int = 0) -> int:
    """How many connections may be open at once with ``open_files`` descriptors, ``in_use`` of
    them already taken (the index, the model, the interpreter): a quarter of the rest, at least
    128, stays free for the files a query opens."""
    free = open_files - in_use
    return max(MIN_CONNECTIONS, min(4096, free - max(128, free // 4)))


def descriptors_in_use() -> int:
    try:
        return len(os.listdir("/proc/self/fd"))
    except OSError:
        return 64


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a connection cap and header, body and idle timeouts."""

    max_connections = 768

    def connection_made(self, transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.opened_at = self.last_active = self.loop.time()
        self.seen_cycle = None
        self.guard = self.loop.call_later(GUARD_INTERVAL_S, self.check_deadlines)
        open_now = [c for c in self.connections if c.transport is not None and not c.transport.is_closing()]
        if len(open_now) > self.max_connections:  # those closing in this turn of the loop are not counted
            self.make_room(open_now)

    def connection_lost(self, exc) -> None:
        guard = getattr(self, "guard", None)
        if guard is not None:
            guard.cancel()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        self.last_active = self.loop.time()
        super().data_received(data)

    def is_idle(self) -> bool:
        """No request, or between requests: closing it loses nothing but a reusable socket."""
        return self.cycle is None or self.cycle.response_complete

    def make_room(self, open_now: list) -> None:
        idle = [c for c in open_now if c is not self and isinstance(c, GuardedH11Protocol) and c.is_idle()]
        if idle:
            oldest = min(idle, key=lambda c: c.last_active)
            oldest.transport.close()
        else:
            self.transport.close()

    def check_deadlines(self) -> None:
        self.guard = None
        if self.transport is None or self.transport.is_closing():
            return
        now = self.loop.time()
        cycle = self.cycle
        if cycle is not self.seen_cycle:  # a new request: its body's time starts now
            self.seen_cycle, self.request_at = cycle, now
        if cycle is None:
            late = now - self.opened_at > HEADER_TIMEOUT_S  # no complete request headers yet
        elif cycle.response_complete:
            late = now - self.last_active > HEADER_TIMEOUT_S + KEEP_ALIVE_S  # a next request that never completes
        else:
            late = cycle.more_body and not cycle.response_started and now - self.request_at > BODY_TIMEOUT_S
        if late:
            self.transport.close()
            return
        self.guard = self.loop.call_later(GUARD_INTERVAL_S, self.check_deadlines)


def _loop_error(loop, context) -> None:
    """Never raises and needs no new descriptor or import: a failing handler would end the loop."""
    try:
        text = f"torchpatch: {context.get('message', 'event loop error')}: {context.get('exception')!r}\n"
        os.write(2, text.encode("utf-8", "replace")[:2000])
    except Exception:  # noqa: BLE001
        pass


class GuardedServer(uvicorn.Server):
    async def serve(self, sockets=None) -> None:
        asyncio.get_running_loop().set_exception_handler(_loop_error)
        await super().serve(sockets)


def server_config(app, host: str, port: int, log_level: str = "warning") -> uvicorn.Config:
    GuardedH11Protocol.max_connections = connection_cap(raise_open_files_limit(), descriptors_in_use())
    return uvicorn.Config(app, host=host, port=port, log_level=log_level, http=GuardedH11Protocol,
                          h11_max_incomplete_event_size=H11_MAX_EVENT_BYTES, backlog=BACKLOG,
                          timeout_keep_alive=int(KEEP_ALIVE_S))


def serve(app, host: str, port: int) -> None:
    GuardedServer(server_config(app, host, port)).run()
