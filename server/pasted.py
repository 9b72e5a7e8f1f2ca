"""A query from pasted text: what ``torchpatch search -`` reads from a pipe.

A whole traceback ranks worse than its last line (the frames are noise to both retrievals),
and a long one is over the query limit. So a traceback gives its exception line (the last
unindented line after ``Traceback (most recent call last):``), and other long text its last
lines that fit the limit.
"""

from __future__ import annotations

from .models import MAX_QUERY_CHARS

TRACEBACK = "Traceback (most recent call last)"


def query_from_pasted(text: str, limit: int = MAX_QUERY_CHARS) -> str:
    lines = [line.rstrip() for line in text.splitlines() if line.strip()]
    if any(line.startswith(TRACEBACK) for line in lines):
        last = lines[max(i for i, line in enumerate(lines) if line.startswith(TRACEBACK)) + 1:]
        exception = [line for line in last if not line[0].isspace()]
        if exception:
            return exception[-1].strip()[-limit:]
    kept: list[str] = []
    for line in reversed(lines):
        if sum(len(k) + 1 for k in kept) + len(line) > limit:
            break
        kept.insert(0, line)
    return "\n".join(kept) if kept else text.strip()[-limit:]


def decode_pasted(data: bytes) -> str:
    """Bytes from a pipe or an argument: UTF-8, with anything else replaced rather than refused."""
    return data.decode("utf-8", "replace")
