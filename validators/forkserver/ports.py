"""A loopback port for a multi-rank snippet's rendezvous."""

from __future__ import annotations

import random
import socket


def free_port() -> int:
    """A free port below the kernel's ephemeral range. A port the kernel handed out (bind to 0) and
    we released can be handed out again, to a gloo socket of ranks running beside these, before
    rank 0's store binds it: their connections then fail with 'Connection reset by peer'."""
    low = ephemeral_low()
    for _ in range(100):
        port = random.SystemRandom().randrange(max(1024, low - 20000), low)  # not the state forked children share
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    with socket.socket() as sock:  # everything below the range is taken: fall back to the kernel's choice
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def ephemeral_low() -> int:
    try:
        with open("/proc/sys/net/ipv4/ip_local_port_range") as handle:
            return int(handle.read().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768  # Linux's default
