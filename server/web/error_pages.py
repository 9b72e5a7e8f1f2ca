"""Errors a browser reaches outside the pages' own routes, shown as pages of the site.

The JSON API answers every error as ``{"error": {"type", "message"}}`` (server/http_errors.py), also
before routing (an over-long URL, an over-large body). :class:`HtmlErrorPages` wraps the whole app:
when the request asks for HTML first (``Accept: text/html...``, as a browser's navigation and form
posts do) it turns such a JSON error into a page with the same status and the same message. Every
other client (``*/*``, ``application/json``, MCP) gets the JSON untouched, and successful answers
pass through without being buffered.
"""

from __future__ import annotations

import json

from starlette.types import ASGIApp, Message, Receive, Scope, Send

TITLES = {400: "That request cannot be answered", 404: "No such page", 405: "This address does not take that request",
          413: "That is too large to send", 414: "That address is too long", 422: "That request cannot be answered",
          503: "The search index is not ready"}
DRAIN_BYTES = 16 * 1024 * 1024  # a form larger than this is cut off: its sender may see a reset
# Where a person can go instead, for the errors a browser hits in normal use: (why, link, its text).
HINTS = {"/check/run": ("This address only receives the check form; a result has a link of its own.",
                        "/check", "Open the check page")}


def accepts_html(scope: Scope) -> bool:
    """A browser's navigation or form post lists text/html first; API clients send */* or JSON."""
    accept = dict(scope.get("headers") or []).get(b"accept", b"").decode("latin-1")
    return accept.split(",")[0].strip().lower().startswith("text/html")


class HtmlErrorPages:
    """ASGI middleware; ``render(status, title, message, path, hint)`` returns the page's response
    (``hint``: None, or (why, href, link text) from :data:`HINTS`)."""

    def __init__(self, app: ASGIApp, render):
        self.app, self.render = app, render

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not accepts_html(scope):
            return await self.app(scope, receive, send)
        held: dict = {}  # the start of a JSON error, until its body is complete
        body: list[bytes] = []

        async def send_or_hold(message: Message) -> None:
            if message["type"] == "http.response.start" and _is_json_error(message):
                held.update(message)
                return
            if not held or message["type"] != "http.response.body":
                return await send(message)
            body.append(message.get("body", b""))
            if not message.get("more_body"):
                await self._page(held, b"".join(body), scope, receive, send)

        await self.app(scope, receive, send_or_hold)

    async def _page(self, start: Message, body: bytes, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            error = json.loads(body)["error"]
            message = str(error["message"])
        except (ValueError, KeyError, TypeError):
            await send(start)
            return await send({"type": "http.response.body", "body": body})
        status, path = start["status"], scope.get("path", "")
        if status == 413:
            await _drain(receive)
        page = self.render(status, TITLES.get(status, "Something went wrong"), message, path,
                           HINTS.get(path))
        for name, value in start.get("headers") or []:  # Allow (405), Connection: close (413/414)
            if name.lower() in (b"allow", b"connection", b"retry-after"):
                page.headers[name.decode("latin-1")] = value.decode("latin-1")
        await page(scope, receive, send)


def _is_json_error(start: Message) -> bool:
    headers = dict(start.get("headers") or [])
    return start["status"] >= 400 and headers.get(b"content-type", b"").startswith(b"application/json")


async def _drain(receive: Receive, limit: int = DRAIN_BYTES) -> None:
    """Read the rest of a refused body before answering: a server that closes on unread data resets
    the connection, and a browser still sending its form then shows a network error, not the page."""
    received = 0
    while received <= limit:
        message = await receive()
        if message["type"] != "http.request" or not message.get("more_body"):
            return
        received += len(message.get("body", b""))
