"""Which ``Host`` and ``Origin`` headers the HTTP server answers: one policy for the JSON API, the pages and MCP.

A page on another site can make a browser send requests to a server on ``127.0.0.1`` by pointing its
own name at that address (DNS rebinding); the browser then sends the attacker's name as ``Host``.
Answering only the names the server is reached by stops that. The names follow the configuration:

- always the loopback names (``127.0.0.1``, ``localhost``, ``[::1]``), any port;
- the address the server binds (``--host 127.0.0.2`` adds ``127.0.0.2``), unless it is a wildcard;
- every public name (``--public-name`` / ``TORCHPATCH_PUBLIC_NAMES``, comma-separated; ``name`` for
  any port, ``name:port`` for one).

A wildcard bind (``0.0.0.0``, ``::``) with no public name answers any ``Host``: the server cannot know
the names it is reached by, and such a server must have tokens (or ``--insecure-no-auth``), which a
rebinding page cannot send. A browser's ``Origin``, when present, must name an allowed host as well.
``/healthz`` answers any host (load balancers probe by address). Refusals: 421 for ``Host``, 403 for
``Origin``, in the API's JSON error shape.
"""

from __future__ import annotations

import ipaddress
import os
from dataclasses import dataclass
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Receive, Scope, Send

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
WILDCARD_BINDS = ("0.0.0.0", "::", "[::]", "")
ANY_HOST_PATHS = ("/healthz",)


def public_names_from_env() -> list[str]:
    return [name.strip() for name in os.environ.get("TORCHPATCH_PUBLIC_NAMES", "").split(",") if name.strip()]


def is_loopback(host: str) -> bool:
    if host.strip("[]").lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _split(name: str) -> tuple[str, str | None]:
    """``name[:port]`` -> (lower-case name, port or None); IPv6 literals keep their brackets."""
    name = name.strip().lower()
    if name.startswith("["):
        end = name.find("]")
        return name[: end + 1], (name[end + 2:] or None) if end >= 0 and name[end + 1: end + 2] == ":" else None
    if name.count(":") == 1:
        host, port = name.split(":")
        return host, port or None
    if name.count(":") > 1:  # a bare IPv6 literal
        return f"[{name}]", None
    return name, None


@dataclass(frozen=True)
class HostPolicy:
    """``allowed`` as ``(name, port or None)``; None: any host."""

    allowed: tuple[tuple[str, str | None], ...] | None

    @classmethod
    def for_bind(cls, host: str, public_names: list[str] | None = None) -> HostPolicy:
        names = list(public_names or [])
        if host.strip() in WILDCARD_BINDS and not names:
            return cls(None)
        if host.strip() not in WILDCARD_BINDS:
            names.append(host)
        return cls(tuple(dict.fromkeys(_split(n) for n in [*LOOPBACK_NAMES, *names])))

    def allows_host(self, header: str | None) -> bool:
        if self.allowed is None:
            return True
        if not header:
            return False
        name, port = _split(header)
        return any(name == allowed and (allowed_port is None or allowed_port == port)
                   for allowed, allowed_port in self.allowed)

    def allows_origin(self, origin: str | None) -> bool:
        if not origin or self.allowed is None:
            return True
        parts = urlsplit(origin)
        return parts.scheme in ("http", "https") and self.allows_host(parts.netloc)

    def mcp_settings(self):
        """The MCP SDK's own Host/Origin check, given the same names (it guards ``/mcp/`` a second time)."""
        from mcp.server.transport_security import TransportSecuritySettings

        if self.allowed is None:
            return TransportSecuritySettings(enable_dns_rebinding_protection=False)
        hosts, origins = [], []
        for name, port in self.allowed:
            hosts += [f"{name}:{port}"] if port else [name, f"{name}:*"]
            for scheme in ("http", "https"):
                origins += [f"{scheme}://{name}:{port}"] if port else [f"{scheme}://{name}", f"{scheme}://{name}:*"]
        return TransportSecuritySettings(allowed_hosts=hosts, allowed_origins=origins)


class HostCheck:
    """ASGI middleware: refuse a request whose Host (421) or Origin (403) the policy does not allow."""

    def __init__(self, app: ASGIApp, policy: HostPolicy):
        self.app, self.policy = app, policy

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("path") in ANY_HOST_PATHS:
            return await self.app(scope, receive, send)
        headers = dict(scope.get("headers") or [])
        host = headers.get(b"host", b"").decode("latin-1")
        if not self.policy.allows_host(host):
            return await _refuse(scope, receive, send, 421, "MisdirectedRequest",
                                 "this server does not answer that Host name: reach it by a name it is configured "
                                 "for (serve --public-name / TORCHPATCH_PUBLIC_NAMES)")
        origin = headers.get(b"origin", b"").decode("latin-1")
        if not self.policy.allows_origin(origin):
            return await _refuse(scope, receive, send, 403, "Forbidden",
                                 "requests from pages of another origin are refused")
        await self.app(scope, receive, send)


async def _refuse(scope: Scope, receive: Receive, send: Send, status: int, kind: str, message: str) -> None:
    from .http_errors import error_response

    await error_response(status, kind, message)(scope, receive, send)
