"""Results of unchanged snippets, keyed by what determines them (never by file or line)."""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path

from .build import TorchBuild
from .markdown import Snippet
from .results import BAD

CACHE_VERSION = 1
# How snippets are run is part of what decides their result: a changed harness re-runs them all.
_HARNESS = hashlib.sha256(b"".join(path.read_bytes() for path in
                                   sorted(Path(__file__).with_name("forkserver").glob("*.py")))).hexdigest()


def snippet_key(snippet: Snippet, build: TorchBuild) -> str:
    """Hash of the snippet's code, setup chain and markers, and of the build, Python and device."""
    blocks = [(b.language, b.code, sorted(b.markers.raw)) for b in (*snippet.setup_chain, snippet)]
    payload = {
        "v": CACHE_VERSION,
        "harness": _HARNESS,
        "blocks": blocks,
        "torch": [build.torch, build.git_version, build.cuda],
        "python": build.python,
        "device": build.device,
    }
    return hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()


class ResultCache:
    """A JSON file of ``key -> {status, message, duration_s}``; failures are never stored.

    Two runs may share one home: :meth:`save` merges this run's changes into what is on disk
    now (under a lock), so neither loses the other's entries."""

    def __init__(self, path: Path):
        self.path = path
        self.entries: dict[str, dict] = self._read()
        self._changed: dict[str, dict | None] = {}  # key -> new entry, or None when removed

    def _read(self) -> dict[str, dict]:
        try:
            entries = json.loads(self.path.read_text())
        except (OSError, ValueError):
            return {}
        return entries if isinstance(entries, dict) else {}

    def get(self, key: str) -> dict | None:
        return self.entries.get(key)

    def duration(self, key: str) -> float | None:
        entry = self.entries.get(key)
        return entry.get("duration_s") if entry else None

    def put(self, key: str, status: str, message: str, duration_s: float) -> None:
        if status in BAD:
            self.entries.pop(key, None)
            self._changed[key] = None
            return
        self.entries[key] = self._changed[key] = {"status": status, "message": message, "duration_s": duration_s}

    def save(self) -> None:
        import fcntl

        self.path.parent.mkdir(parents=True, exist_ok=True)
        with open(self.path.with_name(self.path.name + ".lock"), "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            merged = self._read()
            for key, entry in self._changed.items():
                if entry is None:
                    merged.pop(key, None)
                else:
                    merged[key] = entry
            fd, tmp = tempfile.mkstemp(dir=self.path.parent, suffix=".tmp")
            with os.fdopen(fd, "w") as handle:
                json.dump(merged, handle)
            os.replace(tmp, self.path)
        self.entries = merged
        self._changed = {}
