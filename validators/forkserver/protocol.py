"""The fork server's side of its pipe to the validator: one signed JSON message per line.

Every snippet can reach this process's stdout (``/proc/<ppid>/fd/1``). Unsigned, one line
written there would forge any snippet's verdict, or name a pid the validator then kills. So the
validator sends a per-run key as the first line on stdin; each outcome line is
``<hex HMAC-SHA256> <json>``, and the validator drops every line whose signature is wrong. The
key is held in one bytearray that a snippet's process wipes right after the fork
(:func:`forget_key`), before any snippet code runs.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import sys

_key = bytearray()


def read_key() -> None:
    """The first line on stdin: the run's key in hex. Read byte by byte: nothing after it is consumed."""
    line = b""
    while not line.endswith(b"\n"):
        byte = os.read(sys.stdin.fileno(), 1)
        if not byte:
            break
        line += byte
    _key[:] = bytes.fromhex(line.decode("ascii").strip() or "00")


def forget_key() -> None:
    """In a snippet's process: overwrite the key, so the code under test cannot sign anything."""
    for index in range(len(_key)):
        _key[index] = 0
    _key.clear()


def sign(text: str, key: bytes | bytearray) -> str:
    return hmac.new(bytes(key), text.encode("utf-8", "surrogatepass"), hashlib.sha256).hexdigest()


def emit(message: dict) -> None:
    text = json.dumps(message, default=str)
    sys.stdout.write(f"{sign(text, _key)} {text}\n")
    sys.stdout.flush()
