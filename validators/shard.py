"""Split snippets over N runners deterministically, balanced by recorded durations."""

from __future__ import annotations

from typing import Callable, Sequence, TypeVar

T = TypeVar("T")
DEFAULT_DURATION_S = 2.0


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
