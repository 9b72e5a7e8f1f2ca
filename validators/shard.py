"""How long snippets take: split them over N runners, balanced by an estimate that depends on the
snippet alone (so every runner, and every shard run later on one machine, computes the same split),
and guess the durations not yet recorded (the longest snippets are started first)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Callable, Sequence, TypeVar

if TYPE_CHECKING:
    from .markdown import Snippet

T = TypeVar("T")
DEFAULT_DURATION_S = 2.0
# What sends a snippet through Dynamo/Inductor (or the C++ toolchain): seconds, not milliseconds.
_COMPILER_USE = re.compile(r"torch\.(compile|export|_dynamo|_inductor|_export|compiler)\b|aot_|load_inline|flex_attention")


def needs_compiler(snippet: "Snippet") -> bool:
    return any(block.language == "cpp" or _COMPILER_USE.search(block.code)
               for block in (*snippet.setup_chain, snippet))


def expected_duration(snippet: "Snippet") -> float:
    """A first guess, before a run has recorded one: ranks and C++ builds, compiles, then the rest.

    A block that only uses a C++ extension built by its setup chain goes after the compiles: started
    beside the ``cpp`` block it would hold a worker while waiting on the same build lock.
    """
    if snippet.markers.world_size > 1 or snippet.language == "cpp":
        return 10.0
    if any(block.language == "cpp" for block in snippet.setup_chain):
        return 1.0
    return 3.0 if needs_compiler(snippet) else 0.3


def parse_shard(text: str) -> tuple[int, int]:
    """``"2/4"`` -> (2, 4), 1-based; raises ValueError with a readable message."""
    index, sep, count = text.partition("/")
    try:
        i, n = int(index), int(count)
    except ValueError:
        raise ValueError(f"--shard {text!r}: expected I/N, e.g. 1/4") from None
    if not sep or not 1 <= i <= n:
        raise ValueError(f"--shard {text!r}: need 1 <= I <= N")
    return i, n


def select_shard(items: Sequence[T], index: int, count: int, key: Callable[[T], str],
                 duration: Callable[[T], float | None]) -> list[T]:
    """Longest-first greedy assignment; ties broken by key, so every runner computes the same split."""
    known = [d for d in (duration(item) for item in items) if d]
    fallback = sorted(known)[len(known) // 2] if known else DEFAULT_DURATION_S
    weighted = sorted(items, key=lambda item: (-(duration(item) or fallback), key(item)))
    loads = [0.0] * count
    chosen: list[T] = []
    for item in weighted:
        target = min(range(count), key=lambda shard: (loads[shard], shard))
        loads[target] += duration(item) or fallback
        if target == index - 1:
            chosen.append(item)
    order = {key(item): position for position, item in enumerate(items)}
    return sorted(chosen, key=lambda item: order[key(item)])
