"""Drive a fork server (``forkserver.py``) under a given interpreter: submit jobs, collect outcomes.

A snippet can take the fork server down with it (``os.kill(os.getppid(), 9)``). The runner
then kills what that server left running, starts a new one and goes on. The snippets that
were in flight there are suspects: a lone suspect is the culprit; several are each re-run
alone in a server of their own, and the one that takes that server down too is reported.
"""

from __future__ import annotations

import itertools
import json
import os
import signal
import subprocess
import tempfile
import threading
from concurrent.futures import Future
from pathlib import Path
from typing import Callable

from .errors import TorchpatchError
from .forkserver import kill_tree

FORKSERVER = Path(__file__).with_name("forkserver.py")
ISOLATIONS = ("fork", "process")


def _merged_env(overrides: dict[str, str | None]) -> dict[str, str]:
    """This process's environment with ``overrides`` applied; a ``None`` value removes the variable."""
    merged = {**os.environ, **overrides}
    return {key: value for key, value in merged.items() if value is not None}


def _crash(message: str) -> dict:
    return {"outcome": "crash", "message": message, "output": ""}


class _ServerProcess:
    """One fork server process and the thread that reads its outcomes."""

    def __init__(self, python: str, isolation: str, env: dict[str, str],
                 on_outcome: Callable[[dict], None], on_exit: Callable[["_ServerProcess"], None]):
        self._on_outcome, self._on_exit = on_outcome, on_exit
        self.running: dict[str, int] = {}  # job id -> the pid of its snippet process
        self._stderr = tempfile.TemporaryFile()  # a file, not a pipe: nobody must drain it
        self.proc = subprocess.Popen(
            [python, str(FORKSERVER), "--isolation", isolation],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._stderr, env=env,
            start_new_session=True,
        )
        if not self.proc.stdout.readline():
            self.proc.wait()
            self._stderr.seek(0)
            error = self._stderr.read().decode(errors="replace")[-2000:]
            raise TorchpatchError(f"cannot start snippets under {python}: {error.strip() or 'no output'}")
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def send(self, job: dict) -> None:
        try:
            self.proc.stdin.write((json.dumps(job) + "\n").encode())
            self.proc.stdin.flush()
        except (BrokenPipeError, ValueError):
            pass  # it died: the reader sees the end of its output and reports the job as a suspect

    def exit_reason(self) -> str:
        code = self.proc.returncode
        return f"killed by {signal.Signals(-code).name}" if code and code < 0 else f"exited with status {code}"

    def close(self) -> None:
        if self.proc.poll() is None:
            try:
                self.proc.stdin.close()
            except BrokenPipeError:
                pass
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self._reader.join(timeout=10)
        self._stderr.close()

    def _read(self) -> None:
        for line in self.proc.stdout:
            message = json.loads(line)
            if "started" in message:
                self.running[message["started"]] = message["pid"]
                continue
            self.running.pop(message["id"], None)
            self._on_outcome(message)
        self.proc.wait()
        for pid in self.running.values():  # its snippets outlive it unless killed here
            kill_tree(pid)
        self._on_exit(self)


class SnippetRunner:
    """Runs jobs on a fork server, replaced when it dies; thread-safe ``submit`` returns a Future."""

    def __init__(self, python: str, isolation: str = "fork", env: dict[str, str | None] | None = None,
                 replace_dead_server: bool = True):
        if isolation not in ISOLATIONS:
            raise TorchpatchError(f"unknown isolation {isolation!r} (use fork or process)")
        self.python, self.isolation = python, isolation
        self.restarts = 0
        self._overrides = env or {}
        self._env = _merged_env(self._overrides)
        self._replace = replace_dead_server
        self._ids = itertools.count()
        self._pending: dict[str, tuple[dict, Future, _ServerProcess]] = {}
        self._lock = threading.Lock()
        self._closing = False
        self._warmed = False
        self._server: _ServerProcess | None = self._spawn()

    def submit(self, job: dict) -> Future:
        future: Future = Future()
        with self._lock:
            if self._closing or self._server is None:
                future.set_result(_crash("the run was stopped" if self._closing
                                         else "no fork server could be started after the last one died"))
                return future
            job = {**job, "id": str(next(self._ids))}
            self._pending[job["id"]] = (job, future, self._server)
            self._server.send(job)
        return future

    def run(self, job: dict) -> dict:
        return self.submit(job).result()

    def warm(self) -> Future:
        """Have the server import the compiler stack before it forks any more snippets."""
        self._warmed = True
        return self.submit({"kind": "warm", "timeout": 0})

    def close(self) -> None:
        self._closing = True
        if self._server is not None:
            self._server.close()

    def __enter__(self) -> "SnippetRunner":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _spawn(self) -> _ServerProcess:
        return _ServerProcess(self.python, self.isolation, self._env, self._deliver, self._server_exited)

    def _deliver(self, outcome: dict) -> None:
        with self._lock:
            entry = self._pending.pop(outcome.pop("id"), None)
        if entry is not None:
            entry[1].set_result(outcome)

    def _server_exited(self, server: _ServerProcess) -> None:
        with self._lock:
            lost = [(job, future) for job, future, owner in self._pending.values() if owner is server]
            for job, _ in lost:
                del self._pending[job["id"]]
        if self._closing or not self._replace:
            culprit = len(lost) == 1 and not self._closing and lost[0][0]["kind"] != "warm"
            message = _killed_server(server) if culprit else "the fork server exited"
            for _, future in lost:
                future.set_result(_crash(message))
            return
        self._replace_server(server)
        suspects = [(job, future) for job, future in lost if job["kind"] != "warm"]
        for job, future in lost:
            if job["kind"] == "warm":
                future.set_result(_crash(f"the fork server died while warming up ({server.exit_reason()})"))
        if len(suspects) == 1:
            suspects[0][1].set_result(_crash(_killed_server(server)))
        elif suspects:
            threading.Thread(target=self._rerun_alone, args=(suspects,), daemon=True).start()

    def _replace_server(self, dead: _ServerProcess) -> None:
        with self._lock:
            if self._server is not dead:
                return
            self.restarts += 1
            try:
                self._server = self._spawn()
            except TorchpatchError:
                self._server = None
                return
            if self._warmed:
                self._server.send({"kind": "warm", "id": "warm-again", "timeout": 0})

    def _rerun_alone(self, suspects: list[tuple[dict, Future]]) -> None:
        for job, future in suspects:
            bare = {key: value for key, value in job.items() if key != "id"}
            try:
                with SnippetRunner(self.python, self.isolation, self._overrides, replace_dead_server=False) as alone:
                    future.set_result(alone.run(bare))
            except TorchpatchError as exc:
                future.set_result(_crash(str(exc)))


def _killed_server(server: _ServerProcess) -> str:
    return (f"the snippet took down the fork server that ran it ({server.exit_reason()}); "
            "a new server ran the other snippets")
