"""Drive a fork server (``forkserver.py``) under a given interpreter: submit jobs, collect outcomes."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import threading
from concurrent.futures import Future
from pathlib import Path

from .errors import TorchpatchError

FORKSERVER = Path(__file__).with_name("forkserver.py")
ISOLATIONS = ("fork", "process")


def _merged_env(overrides: dict[str, str | None]) -> dict[str, str]:
    """This process's environment with ``overrides`` applied; a ``None`` value removes the variable."""
    merged = {**os.environ, **overrides}
    return {key: value for key, value in merged.items() if value is not None}


class SnippetRunner:
    """One fork server process; thread-safe ``submit`` returning a Future of the raw outcome dict."""

    def __init__(self, python: str, isolation: str = "fork", env: dict[str, str | None] | None = None):
        if isolation not in ISOLATIONS:
            raise TorchpatchError(f"unknown isolation {isolation!r} (use fork or process)")
        self.python = python
        self._ids = itertools.count()
        self._pending: dict[str, Future] = {}
        self._lock = threading.Lock()
        self._proc = subprocess.Popen(
            [python, str(FORKSERVER), "--isolation", isolation],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=_merged_env(env or {}),
            start_new_session=True,
        )
        ready = self._proc.stdout.readline()
        if not ready:
            error = self._proc.stderr.read().decode(errors="replace")[-2000:]
            raise TorchpatchError(f"cannot start snippets under {python}: {error.strip() or 'no output'}")
        self._reader = threading.Thread(target=self._read_outcomes, daemon=True)
        self._reader.start()

    def submit(self, job: dict) -> Future:
        future: Future = Future()
        with self._lock:
            job_id = str(next(self._ids))
            self._pending[job_id] = future
            self._proc.stdin.write((json.dumps({**job, "id": job_id}) + "\n").encode())
            self._proc.stdin.flush()
        return future

    def run(self, job: dict) -> dict:
        return self.submit(job).result()

    def _read_outcomes(self) -> None:
        for line in self._proc.stdout:
            outcome = json.loads(line)
            with self._lock:
                future = self._pending.pop(outcome.pop("id"), None)
            if future is not None:
                future.set_result(outcome)
        with self._lock:  # the server died: nothing pending will ever finish
            for future in self._pending.values():
                future.set_result({"outcome": "crash", "message": "the fork server exited", "output": ""})
            self._pending.clear()

    def close(self) -> None:
        if self._proc.poll() is None:
            self._proc.stdin.close()
            try:
                self._proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._proc.kill()

    def __enter__(self) -> "SnippetRunner":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
