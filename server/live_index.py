"""The open index and its rows in memory, kept in step with the index on disk.

A server runs for days while `torchpatch index` rewrites the table under it. ``LiveIndex`` looks
for a newer table version at most once a second (about 1.5 ms) and then reopens the table and
rereads its rows, so HTTP, MCP tools and the reference resource all answer from the newest index.
Each request takes one ``Loaded`` snapshot and uses it from start to end.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from torchpatch.validators.errors import IndexUnavailable, TorchpatchError

RELOAD_CHECK_SECONDS = 1.0  # how stale a running server's view of the index may be


@dataclass(frozen=True)
class Loaded:
    """One version of the index (a :class:`~.index.SectionIndex`) with its rows by id."""

    index: object
    rows: dict[str, dict]


class LiveIndex:
    def __init__(self, db_uri: str, references: Path, columns: list[str], prepare: Callable[[dict], None]):
        self.db_uri, self.references = db_uri, references
        self._columns, self._prepare = columns, prepare
        self._lock = threading.Lock()
        self._loaded: Loaded | None = None
        self._checked_at = 0.0

    def current(self, force_check: bool = False) -> Loaded:
        """The newest snapshot; ``force_check`` looks at the disk now rather than within the second."""
        with self._lock:
            now = time.monotonic()
            if self._loaded is None:
                self._loaded = self._load()
                self._checked_at = now
            elif force_check or now - self._checked_at >= RELOAD_CHECK_SECONDS:
                self._checked_at = now
                try:
                    stale = self._loaded.index.latest_version() != self._loaded.index.version
                except IndexUnavailable:
                    stale = True
                if stale:
                    self._loaded = None  # a failed reload is retried by the next request
                    self._loaded = self._load()
            return self._loaded

    def _load(self) -> Loaded:
        """Open the index, building it on first use when there is none, and read its rows."""
        from .index import IndexMissing, SectionIndex, build_index

        try:
            index = SectionIndex(self.db_uri)
        except IndexMissing:
            try:
                build_index(self.references, self.db_uri)
            except TorchpatchError:
                raise  # says itself what is wrong (e.g. an install without its embedding model)
            except Exception as exc:  # a read-only home, a full disk: lancedb and the file system differ
                reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc).splitlines()[0][:200]
                raise IndexUnavailable(
                    f"there is no index at {self.db_uri} and none can be built there ({reason}): "
                    "set TORCHPATCH_HOME (or --db / TORCHPATCH_DB) to a writable folder, or build one with "
                    "`torchpatch index --db FOLDER` where you can write and point --db at it") from None
            index = SectionIndex(self.db_uri)
        rows = index.rows(self._columns)
        for row in rows:
            self._prepare(row)
        return Loaded(index, {row["id"]: row for row in rows})
