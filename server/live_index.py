"""The open index and its rows in memory, kept in step with the index in its store.

A server runs for days while `torchpatch index` publishes new builds under it (see :mod:`.index`).
``LiveIndex`` compares the build id the store's pointer names with the one it holds, never table
versions: a folder deleted and indexed again is a new build even where its version numbers repeat.

- A folder on this machine is checked at most once per ``reload_seconds`` (default 1 s, about 2 ms a
  check) by the request that finds the check due; a new build is opened and its rows reread.
- Object storage is polled by a background thread every ``reload_seconds`` (default 5 s): a new
  build is copied to this machine (:mod:`.replica_cache`) and swapped in, so requests never wait on
  the network. When the store cannot be reached, the replica keeps serving the build it holds and
  :meth:`LiveIndex.state` says so (``/healthz`` shows ``"status": "degraded"`` with the reason).

``TORCHPATCH_RELOAD_SECONDS`` overrides the interval. Each request takes one ``Loaded`` snapshot
and uses it from start to end.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from torchpatch.validators.errors import IndexUnavailable, TorchpatchError

from .replica_cache import is_remote

RELOAD_CHECK_SECONDS = 1.0  # a folder on this machine: how stale a running server's view may be
REMOTE_RELOAD_SECONDS = 5.0  # object storage: one pointer read per replica per interval
log = logging.getLogger("torchpatch.index")


def reload_seconds(db_uri: str) -> float:
    configured = os.environ.get("TORCHPATCH_RELOAD_SECONDS")
    if configured:
        try:
            return max(0.1, float(configured))
        except ValueError:
            raise IndexUnavailable(f"TORCHPATCH_RELOAD_SECONDS={configured!r} is not a number of seconds") from None
    return REMOTE_RELOAD_SECONDS if is_remote(db_uri) else RELOAD_CHECK_SECONDS


@dataclass(frozen=True)
class Loaded:
    """One build of the index (a :class:`~.index.SectionIndex`) with its rows by id."""

    index: object
    rows: dict[str, dict]
    build_id: str = ""


@dataclass(frozen=True)
class StoreState:
    """What ``/healthz`` reports beside the section count."""

    build_id: str | None
    store_error: str | None  # None: the last look at the store succeeded
    checked_seconds_ago: float | None


class LiveIndex:
    def __init__(self, db_uri: str, references: Path, columns: list[str], prepare: Callable[[dict], None]):
        self.db_uri, self.references = db_uri, references
        self._columns, self._prepare = columns, prepare
        self.remote = is_remote(db_uri)
        self.interval = reload_seconds(db_uri)
        self._lock = threading.Lock()
        self._loaded: Loaded | None = None
        self._checked_at = 0.0  # monotonic time of the last look at the store (successful or not)
        self._store_ok_at: float | None = None
        self._store_error: str | None = None
        self._first_error: IndexUnavailable | None = None
        self._poller: threading.Thread | None = None
        self._stop = threading.Event()

    def current(self, force_check: bool = False) -> Loaded:
        """The newest snapshot; ``force_check`` looks at a local store now rather than within the interval."""
        if self.remote:
            return self._current_remote()
        with self._lock:
            now = time.monotonic()
            if self._loaded is None:
                self._loaded = self._load()
                self._checked_at = self._store_ok_at = now
            elif force_check or now - self._checked_at >= self.interval:
                self._checked_at = now
                try:
                    stale = self._loaded.index.store_build().build_id != self._loaded.build_id
                except IndexUnavailable:
                    stale = True
                if stale:
                    self._loaded = None  # a failed reload is retried by the next request
                    self._loaded = self._load()
                self._store_ok_at = now
            return self._loaded

    def state(self) -> StoreState:
        loaded = self._loaded
        ago = None if self._store_ok_at is None else round(time.monotonic() - self._store_ok_at, 1)
        return StoreState(loaded.build_id if loaded else None, self._store_error, ago)

    def close(self) -> None:
        self._stop.set()

    # --- object storage: a background poller and a local copy per build -----------------------

    def _current_remote(self) -> Loaded:
        loaded = self._loaded
        if loaded is not None:
            return loaded
        with self._lock:
            if self._loaded is None:
                now = time.monotonic()
                if self._first_error is not None and now - self._checked_at < self.interval:
                    raise self._first_error  # do not hammer an unreachable store from every request
                self._checked_at = now
                try:
                    self._loaded = self._load_remote()
                except IndexUnavailable as exc:
                    self._first_error = exc
                    raise
                self._store_ok_at, self._store_error, self._first_error = now, None, None
                self._poller = threading.Thread(target=self._poll, name="torchpatch-index-poller", daemon=True)
                self._poller.start()
            return self._loaded

    def _poll(self) -> None:
        while not self._stop.wait(self.interval):
            try:
                self.refresh_remote()
            except Exception:  # noqa: BLE001 - the poller must outlive any one failure; the state says why
                pass

    def refresh_remote(self) -> None:
        """One poll: read the store's pointer, and copy and swap in a new build. Never raises IndexUnavailable."""
        from .index import SectionIndex

        self._checked_at = time.monotonic()
        try:
            source = SectionIndex(self.db_uri)
            if self._loaded is None or source.build_id != self._loaded.build_id:
                fresh = self._open_copy(source)
                with self._lock:
                    self._loaded = fresh
        except IndexUnavailable as exc:
            held = self._loaded.build_id if self._loaded else "none"
            self._store_error = f"{exc} (still serving build {held})"
            return
        self._store_ok_at, self._store_error = time.monotonic(), None

    def _load_remote(self) -> Loaded:
        from .index import SectionIndex

        try:
            source = SectionIndex(self.db_uri)
        except IndexUnavailable as exc:  # IndexMissing too: replicas never build into shared storage
            raise IndexUnavailable(f"{exc} (a replica does not build an index in object storage: run "
                                   f"`torchpatch index --db {self.db_uri}`)") from None
        return self._open_copy(source)

    def _open_copy(self, source) -> Loaded:
        from .index import SectionIndex, scrub
        from .replica_cache import local_copy

        try:
            local = local_copy(self.db_uri, source)
        except IndexUnavailable:
            raise
        except Exception as exc:  # the store went away mid-copy, a full disk
            text = str(exc).splitlines()[0][:300] if str(exc) else type(exc).__name__
            raise IndexUnavailable(f"cannot copy build {source.build_id} from {self.db_uri} ({scrub(text)})") from None
        return self._rows_of(SectionIndex(local))

    # --- a folder on this machine ----------------------------------------------------------------

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
        else:
            index = self._refreshed(index)
        return self._rows_of(index)

    def _refreshed(self, index):
        """The index, updated first when it was built from an older copy of the package's references
        (an upgrade, a `git pull`); an index of other references is never touched. When the update
        fails (a read-only home), the index as it is still answers, with a warning."""
        from .index import SectionIndex, build_index, built_from, package_references_digest, scrub

        wanted, had = package_references_digest(self.references), built_from(index.table.schema)
        if not wanted or had in (wanted, ""):  # "": built from other references, which are not ours to redo
            return index
        try:
            build_index(self.references, self.db_uri)
            return SectionIndex(self.db_uri)
        except Exception as exc:  # noqa: BLE001 - any failure leaves the old index serving
            reason = str(exc).splitlines()[0][:200] if str(exc) else type(exc).__name__
            log.warning("the index at %s predates these references and could not be updated (%s): "
                        "answers come from the old index; run `torchpatch index`", self.db_uri, scrub(reason))
            return index

    def _rows_of(self, index) -> Loaded:
        rows = index.rows(self._columns)
        for row in rows:
            self._prepare(row)
        return Loaded(index, {row["id"]: row for row in rows}, index.build_id)
