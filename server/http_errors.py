"""One JSON error shape for every HTTP answer that is not a success, and the size limits before routing.

    {"error": {"type": "InvalidInput" | "NotFound" | "MethodNotAllowed" | "IndexUnavailable" | ..., "message": "..."}}

The project's exceptions, FastAPI's validation errors, Starlette's own 404/405/400 (unknown route,
wrong method, a body that is not JSON or not UTF-8) and anything unexpected all leave in this shape.
Messages quote at most a short prefix of what the caller sent.
"""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from torchpatch.validators.errors import IndexUnavailable, InvalidInput, NotFound, TorchpatchError

MAX_URL_BYTES = 8 * 1024  # path and query string; the longest real request is a 2,000-character query
MAX_BODY_BYTES = 1024 * 1024  # POST /check takes code up to 500,000 characters
MAX_MESSAGE_CHARS = 500
# uvicorn's h11 resets the connection when a request line outgrows its buffer (16 KB by default);
# `torchpatch serve` gives it 1 MB so that RequestLimits answers an over-long URL with 414 instead.
H11_MAX_EVENT_BYTES = 1024 * 1024
_STATUS = {InvalidInput: 422, NotFound: 404, IndexUnavailable: 503}
_HTTP_TYPES = {404: "NotFound", 405: "MethodNotAllowed", 413: "InvalidInput", 414: "InvalidInput",
               400: "InvalidInput", 422: "InvalidInput", 503: "IndexUnavailable"}
log = logging.getLogger("torchpatch.http")


def error_response(status: int, kind: str, message: str, headers: dict | None = None) -> JSONResponse:
    if len(message) > MAX_MESSAGE_CHARS:
        message = message[:MAX_MESSAGE_CHARS] + "..."
    return JSONResponse(status_code=status, content={"error": {"type": kind, "message": message}}, headers=headers)


def install_error_handlers(app: FastAPI) -> None:
    """(A browser gets these errors as pages: server/web/error_pages.py wraps the app.)"""
    @app.exception_handler(TorchpatchError)
    async def project_error(_: Request, exc: TorchpatchError) -> JSONResponse:
        status = next((code for kind, code in _STATUS.items() if isinstance(exc, kind)), 400)
        return error_response(status, type(exc).__name__, str(exc))

    @app.exception_handler(RequestValidationError)
    async def invalid_request(_: Request, exc: RequestValidationError) -> JSONResponse:
        return error_response(422, "InvalidInput", "; ".join(_describe(e) for e in exc.errors()[:5]))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        if exc.status_code == 400:  # a body that is not JSON or not UTF-8: bad input, 422 as everywhere
            exc = StarletteHTTPException(422, exc.detail, getattr(exc, "headers", None))
        kind = _HTTP_TYPES.get(exc.status_code, "HTTPError")
        message = {404: f"no route {request.method} {_prefix(request.url.path)}: the page is at /, the API schema at /openapi.json",
                   405: f"{request.method} is not allowed on {_prefix(request.url.path)}"}.get(
            exc.status_code, str(exc.detail))
        return error_response(exc.status_code, kind, message, getattr(exc, "headers", None))

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error on %s %s", request.method, _prefix(request.url.path))
        return error_response(500, "InternalError", "the server failed on this request; it is logged")


class RequestLimits:
    """ASGI middleware: refuse an over-long URL (414) or body (413) before any parsing or routing."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        if len(scope.get("raw_path") or b"") + len(scope.get("query_string") or b"") > MAX_URL_BYTES:
            return await _send(scope, receive, send, 414, f"the URL is longer than {MAX_URL_BYTES} bytes: "
                               "send long input (code) in a POST body, and queries of at most 2,000 characters")
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY_BYTES):
            return await _send(scope, receive, send, 413, f"the body is larger than {MAX_BODY_BYTES} bytes")
        received = 0

        async def counted_receive() -> Message:  # a chunked body declares no length: count it as it comes
            nonlocal received
            message = await receive()
            received += len(message.get("body", b""))
            if received > MAX_BODY_BYTES:
                raise _BodyTooLarge()
            return message

        try:
            await self.app(scope, counted_receive, send)
        except _BodyTooLarge:
            await _send(scope, receive, send, 413, f"the body is larger than {MAX_BODY_BYTES} bytes")


class _BodyTooLarge(BaseException):
    """A BaseException, so that no framework's ``except Exception`` around body parsing turns it
    into a 400 or a 500: it reaches RequestLimits, which answers 413."""


async def _send(scope: Scope, receive: Receive, send: Send, status: int, message: str) -> None:
    await error_response(status, "InvalidInput", message, {"Connection": "close"})(scope, receive, send)


def _describe(error: dict) -> str:
    if error.get("type") == "json_invalid":
        return "body: not valid JSON (send UTF-8 JSON with Content-Type: application/json)"
    where = ".".join(_prefix(str(part), 40) for part in error.get("loc", ())[1:]) or "body"
    return f"{where}: {error.get('msg', 'invalid')}"


def _prefix(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[:limit] + "..."
