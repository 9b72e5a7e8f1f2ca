"""Fewer garbage collections while a check runs.

A check allocates millions of short-lived AST objects, and keeps each sub-project's evidence until every
file has been walked. Under Python's default thresholds (a young collection every 700 net allocations,
an older one every 10 of those) the full collections traverse that growing evidence over and over: on
diffusers (737 files) 48 full collections took more than half of a 30 s run. A young collection every
20,000 allocations makes one full collection of it, and the run takes about 22 s; the peak memory grows
from 143 to 152 MB. (5,000 and 50,000 measured about the same: bench/RESULTS.md, session 9.)

Most of what those collections traversed was garbage they had to find: two reference cycles kept each file's
walker and syntax tree alive until a full collection. With the cycles gone (tests/test_checker_cycles.py) the
trees are freed as each file ends, and collections cost little (session 11).

`torchpatch check` holds them for its whole command (server/cli/check_cmd.py): its imports and the rule set make
objects that live as long as the process, so collecting during start-up finds nothing either. The thresholds are
process-wide: the first of overlapping checks (threads of a server) raises them and the
last one to finish puts back what it found.
"""

from __future__ import annotations

import gc
import threading
from contextlib import contextmanager
from typing import Iterator

YOUNG_THRESHOLD = 20_000

_lock = threading.Lock()
_active = 0
_saved: tuple[int, ...] = ()


@contextmanager
def fewer_collections() -> Iterator[None]:
    global _active, _saved
    with _lock:
        if _active == 0:
            _saved = gc.get_threshold()
            if _saved[0]:  # 0: automatic collection is off, leave it so
                gc.set_threshold(max(_saved[0], YOUNG_THRESHOLD), *_saved[1:])
        _active += 1
    try:
        yield
    finally:
        with _lock:
            _active -= 1
            if _active == 0:
                gc.set_threshold(*_saved)
