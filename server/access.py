"""Who may use the HTTP server: the token check and the Host/Origin policy, put on an app together."""

from __future__ import annotations

from dataclasses import dataclass

from .auth import DEFAULT_BURST, DEFAULT_RATE, TokenAuth
from .host_policy import HostCheck, HostPolicy


@dataclass(frozen=True)
class AccessPolicy:
    """``tokens`` empty: no token is asked for. ``hosts`` None: any Host (the app as tests build it)."""

    tokens: tuple[str, ...] = ()
    hosts: HostPolicy | None = None
    rate: float = DEFAULT_RATE
    burst: float = DEFAULT_BURST


def install_access(app, policy: AccessPolicy | None) -> None:
    """Outermost first: the Host check, then the token, then the app's own limits and routes."""
    if policy is None:
        return
    if policy.tokens:
        app.add_middleware(TokenAuth, tokens=list(policy.tokens), rate=policy.rate, burst=policy.burst)
    if policy.hosts is not None:
        app.add_middleware(HostCheck, policy=policy.hosts)
