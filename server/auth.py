"""Bearer tokens for the HTTP API, the web page and MCP over HTTP, and a request budget per token.

Tokens come from ``TORCHPATCH_API_TOKENS`` (comma-separated) and/or ``TORCHPATCH_API_TOKENS_FILE``
(one per line, ``#`` comments); each is at least 16 characters. With none configured, nothing is
checked (the default, for a server on loopback; ``serve`` refuses other addresses without tokens).

- API and MCP clients send ``Authorization: Bearer <token>``.
- A browser signs in once at ``/login`` (a form; ``/login?next=/changes`` returns there): the server
  answers with an ``HttpOnly; SameSite=Strict`` cookie holding a digest of the token, not the token,
  and accepts that cookie on every route but ``/mcp/``. ``/logout`` clears it.
- ``/healthz``, ``/login``, ``/logout`` and ``/static/`` need no token.
- Without a valid token: 401 with ``WWW-Authenticate: Bearer`` and the API's JSON error shape (a
  browser asking for a page gets the sign-in form, also 401).
- Each token has a bucket of ``burst`` requests refilled at ``rate`` per second, per replica; an
  empty bucket answers 429 with ``Retry-After``.

Tokens are compared as SHA-256 digests with :func:`hmac.compare_digest` against every configured
token (no early exit), and never logged or echoed.
"""

from __future__ import annotations

import hashlib
import hmac
import html
import math
import os
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import parse_qs, quote

from starlette.types import ASGIApp, Receive, Scope, Send

from torchpatch.validators.errors import InvalidInput

MIN_TOKEN_CHARS = 16
COOKIE = "torchpatch_session"
COOKIE_MAX_AGE = 30 * 24 * 3600
OPEN_PATHS = ("/healthz", "/login", "/logout")
OPEN_PREFIXES = ("/static/",)
DEFAULT_RATE = 20.0  # requests per second per token, per replica
DEFAULT_BURST = 200
MAX_LOGIN_BODY = 4096


def load_tokens() -> list[str]:
    """The accepted tokens from the environment; a bad file or a short token is a clear error."""
    tokens = [t.strip() for t in os.environ.get("TORCHPATCH_API_TOKENS", "").split(",") if t.strip()]
    path = os.environ.get("TORCHPATCH_API_TOKENS_FILE")
    if path:
        try:
            lines = Path(path).read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as exc:
            raise InvalidInput(f"cannot read TORCHPATCH_API_TOKENS_FILE {path} "
                               f"({getattr(exc, 'strerror', None) or type(exc).__name__})") from None
        tokens += [line.strip() for line in lines if line.strip() and not line.lstrip().startswith("#")]
    short = sum(len(t) < MIN_TOKEN_CHARS for t in tokens)
    if short:
        raise InvalidInput(f"{short} API token(s) shorter than {MIN_TOKEN_CHARS} characters: use long random "
                           "tokens, e.g. `python -c 'import secrets; print(secrets.token_urlsafe(32))'`")
    return list(dict.fromkeys(tokens))


def _digest(token: str) -> bytes:
    return hashlib.sha256(token.encode("utf-8", "surrogateescape")).digest()


def _cookie_value(token: str) -> str:
    return hashlib.sha256(b"torchpatch-web\0" + token.encode("utf-8")).hexdigest()


@dataclass
class TokenBuckets:
    rate: float
    burst: float
    _state: dict[int, tuple[float, float]] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def take(self, key: int) -> float:
        """0 when a request may run now, else the seconds until one may."""
        with self._lock:
            now = time.monotonic()
            tokens, last = self._state.get(key, (self.burst, now))
            tokens = min(self.burst, tokens + (now - last) * self.rate)
            if tokens >= 1:
                self._state[key] = (tokens - 1, now)
                return 0.0
            self._state[key] = (tokens, now)
            return (1 - tokens) / self.rate


class TokenAuth:
    """ASGI middleware: a valid bearer token (or the sign-in cookie) on every route but the open ones."""

    def __init__(self, app: ASGIApp, tokens: list[str], rate: float = DEFAULT_RATE, burst: float = DEFAULT_BURST):
        self.app = app
        self._digests = [_digest(t) for t in tokens]
        self._cookies = [_cookie_value(t).encode() for t in tokens]
        self._tokens_for_login = tokens  # to mint the cookie of the token a person typed
        self.buckets = TokenBuckets(rate, burst)

    def _match(self, candidates: list[bytes], value: bytes) -> int | None:
        found = None
        for index, known in enumerate(candidates):  # every one compared: no early exit
            if hmac.compare_digest(value, known):
                found = index
        return found

    def token_index(self, token: str) -> int | None:
        return self._match(self._digests, _digest(token))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        path = scope.get("path", "")
        if path == "/login":
            return await self._login(scope, receive, send)
        if path == "/logout":
            return await _redirect(send, "/login", _cookie_header("", 0, scope))
        if path in OPEN_PATHS or path.startswith(OPEN_PREFIXES):
            return await self.app(scope, receive, send)
        headers = dict(scope.get("headers") or [])
        who, sent = self._identify(headers, allow_cookie=not path.startswith("/mcp"))
        if who is None:
            return await self._unauthorized(scope, receive, send, headers, sent)
        wait = self.buckets.take(who)
        if wait > 0:
            from .http_errors import error_response

            seconds = max(1, math.ceil(wait))
            return await error_response(429, "TooManyRequests", f"this token's request budget is spent: retry in "
                                        f"{seconds} s", {"Retry-After": str(seconds)})(scope, receive, send)
        await self.app(scope, receive, send)

    def _identify(self, headers: dict, allow_cookie: bool) -> tuple[int | None, bool]:
        """(index of the matching token or None, whether any credential was sent)."""
        authorization = headers.get(b"authorization", b"").decode("latin-1")
        scheme, _, value = authorization.partition(" ")
        if authorization:
            if scheme.lower() != "bearer" or not value.strip():
                return None, True
            return self.token_index(value.strip()), True
        if allow_cookie:
            cookie = _cookie(headers, COOKIE)
            if cookie:
                return self._match(self._cookies, cookie.encode("latin-1")), True
        return None, False

    async def _unauthorized(self, scope, receive, send, headers: dict, sent: bool) -> None:
        challenge = 'Bearer realm="torchpatch"' + (', error="invalid_token"' if sent else "")
        accept = headers.get(b"accept", b"").decode("latin-1")
        if scope.get("method") == "GET" and accept.split(",")[0].strip().startswith("text/html"):
            next_path = scope.get("path", "/") + ("?" + scope["query_string"].decode("latin-1") if scope.get("query_string") else "")
            return await _page(send, 401, _login_page(next_path, "Sign in with an API token to use this server."),
                               [(b"www-authenticate", challenge.encode())])
        from .http_errors import error_response

        message = ("the token is not valid" if sent else "this server needs a token: send 'Authorization: Bearer "
                   "<token>' (browsers: sign in at /login)")
        await error_response(401, "Unauthorized", message, {"WWW-Authenticate": challenge})(scope, receive, send)

    async def _login(self, scope: Scope, receive: Receive, send: Send) -> None:
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        next_path = _safe_next(query.get("next", ["/"])[0])
        if scope.get("method") != "POST":
            return await _page(send, 200, _login_page(next_path, "Sign in with an API token to use this server."))
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if len(body) > MAX_LOGIN_BODY:
                return await _page(send, 413, _login_page(next_path, "That form is too large."))
            if not message.get("more_body"):
                break
        form = parse_qs(body.decode("utf-8", "replace"))
        token = form.get("token", [""])[0].strip()
        next_path = _safe_next(form.get("next", [next_path])[0])
        index = self.token_index(token) if token else None
        if index is None:
            return await _page(send, 401, _login_page(next_path, "That token is not valid."),
                               [(b"www-authenticate", b'Bearer realm="torchpatch", error="invalid_token"')])
        cookie = _cookie_header(_cookie_value(self._tokens_for_login[index]), COOKIE_MAX_AGE, scope)
        await _redirect(send, next_path, cookie)


def _cookie(headers: dict, name: str) -> str | None:
    for part in headers.get(b"cookie", b"").decode("latin-1").split(";"):
        key, _, value = part.strip().partition("=")
        if key == name:
            return value
    return None


def _cookie_header(value: str, max_age: int, scope: Scope) -> tuple[bytes, bytes]:
    headers = dict(scope.get("headers") or [])
    secure = scope.get("scheme") == "https" or headers.get(b"x-forwarded-proto", b"") == b"https"
    text = f"{COOKIE}={value}; Max-Age={max_age}; Path=/; HttpOnly; SameSite=Strict" + ("; Secure" if secure else "")
    return b"set-cookie", text.encode("latin-1")


def _safe_next(path: str) -> str:
    """Only a path on this server: never another site (an open redirect)."""
    return path if path.startswith("/") and not path.startswith(("//", "/\\")) else "/"


async def _redirect(send: Send, location: str, cookie: tuple[bytes, bytes]) -> None:
    await send({"type": "http.response.start", "status": 303,
                "headers": [(b"location", quote(location, safe="/?=&%#:;,+").encode("latin-1")), cookie,
                            (b"content-length", b"0")]})
    await send({"type": "http.response.body", "body": b""})


async def _page(send: Send, status: int, body: str, headers: list | None = None) -> None:
    data = body.encode("utf-8")
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/html; charset=utf-8"), (b"content-length", str(len(data)).encode()),
                            (b"cache-control", b"no-store"), *(headers or [])]})
    await send({"type": "http.response.body", "body": data})


def _login_page(next_path: str, message: str) -> str:
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in - torchpatch</title>
<style>body{{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem}}
input{{font:inherit;width:100%;padding:.4rem;box-sizing:border-box}}button{{font:inherit;margin-top:.8rem;padding:.4rem 1rem}}</style>
</head><body><main><h1>torchpatch</h1><p role="status">{html.escape(message)}</p>
<form method="post" action="/login"><label for="token">API token</label>
<input id="token" name="token" type="password" autocomplete="current-password" required autofocus>
<input type="hidden" name="next" value="{html.escape(next_path)}"><button type="submit">Sign in</button></form>
</main></body></html>"""
