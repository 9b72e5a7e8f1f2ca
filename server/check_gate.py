"""ASGI middleware in front of the code checks (``POST /check``, ``POST /check/run``).

A check is CPU work under the GIL (a 500 kB paste takes seconds); several at once slow every
other request, ``/healthz`` included. So at most ``CHECKS_AT_ONCE`` run together, and one client
address at most ``CHECKS_PER_CLIENT`` of them; a check waits (without holding a thread) up to
``CHECK_WAIT_S`` for its turn, then gets 429. The form at ``/check/run`` also refuses posts from
another origin: a page elsewhere must not make a visitor's browser run checks here.
"""

from __future__ import annotations

import asyncio
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Receive, Scope, Send

from .http_errors import error_response

CHECK_PATHS = ("/check", "/check/run")
CHECKS_AT_ONCE = 2
CHECKS_PER_CLIENT = 2
CHECK_WAIT_S = 30.0


def cross_origin(headers: dict[bytes, bytes]) -> bool:
    """A browser's post from another site: its Origin names another host, or Sec-Fetch-Site says so."""
    origin = headers.get(b"origin")
    if origin is not None:
        host = headers.get(b"host", b"").decode("latin-1").lower()
        return origin == b"null" or urlsplit(origin.decode("latin-1")).netloc.lower() != host
    return headers.get(b"sec-fetch-site") == b"cross-site"


class CheckGate:
    def __init__(self, app: ASGIApp):
        self.app = app
        self._all: asyncio.Semaphore | None = None
        self._clients: dict[str, list] = {}  # address -> [semaphore, users]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "POST" or scope["path"] not in CHECK_PATHS:
            return await self.app(scope, receive, send)
        if scope["path"] == "/check/run" and cross_origin(dict(scope.get("headers") or [])):
            return await error_response(403, "Forbidden", "the check form only takes posts from its own page")(
                scope, receive, send)
        if self._all is None:
            self._all = asyncio.Semaphore(CHECKS_AT_ONCE)
        address = (scope.get("client") or ("",))[0]
        entry = self._clients.setdefault(address, [asyncio.Semaphore(CHECKS_PER_CLIENT), 0])
        entry[1] += 1
        try:
            try:
                await asyncio.wait_for(self._acquire(entry[0]), CHECK_WAIT_S)
            except asyncio.TimeoutError:
                return await error_response(429, "TooManyRequests", f"too many code checks at once: at most "
                                            f"{CHECKS_PER_CLIENT} per client and {CHECKS_AT_ONCE} in all run "
                                            "together; try again shortly", {"Retry-After": "5"})(scope, receive, send)
            try:
                await self.app(scope, receive, send)
            finally:
                self._all.release()
                entry[0].release()
        finally:
            entry[1] -= 1
            if entry[1] == 0:
                self._clients.pop(address, None)

    async def _acquire(self, mine: asyncio.Semaphore) -> None:
        await mine.acquire()
        try:
            await self._all.acquire()
        except BaseException:  # cancelled by the timeout while waiting for the global turn
            mine.release()
            raise
