"""Drive a fork server (the ``forkserver`` package) under a given interpreter: submit jobs, collect outcomes.

A snippet can take the fork server down with it (``os.kill(os.getppid(), 9)``). The runner
then kills what that server left running, starts a new one and goes on. The snippets that
were in flight there are suspects: a lone suspect is the culprit; several are each re-run
alone in a server of their own, and the one that takes that server down too is reported.

No wait here is without end: every job has a deadline (its own timeout plus a grace period),
and a server that lets one pass is taken for hung, killed and replaced as if it had died. The
reader thread survives anything the server or a snippet writes to the pipe: lines without the
run's signature are dropped (see ``forkserver/protocol.py``).
"""

from __future__ import annotations

import hashlib
import hmac
import itertools
import json
import os
import secrets
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from concurrent.futures import Future
from pathlib import Path
from typing import Callable

from .errors import TorchpatchError
from .forkserver import kill_tree, processes_with_token

FORKSERVER = Path(__file__).with_name("forkserver") / "__main__.py"
ISOLATIONS = ("fork", "process")
START_TIMEOUT_S = 600.0  # importing torch on a loaded machine; a server that never says ready is killed
GRACE_S = 60.0  # beyond a job's own timeout, before its server is taken for hung
WARM_TIMEOUT_S = 900.0
WATCHDOG_INTERVAL_S = 1.0
SCRATCH_PREFIX = "torchpatch-run-"


def _merged_env(overrides: dict[str, str | None]) -> dict[str, str]:
    """This process's environment with ``overrides`` applied; a ``None`` value removes the variable."""
    merged = {**os.environ, **overrides}
    return {key: value for key, value in merged.items() if value is not None}


def _crash(message: str) -> dict:
    return {"outcome": "crash", "message": message, "output": ""}


def job_deadline_s(job: dict) -> float:
    """How long a job may take before its server is taken for hung: its timeout (twice for ranks,
    which are run again once after a network reset) plus a grace period."""
    if job.get("kind") == "warm":
        return WARM_TIMEOUT_S
    timeout = float(job.get("timeout") or 0)
    if job.get("world_size", 1) > 1:
        timeout = 2 * timeout + 30
    if job.get("after_warm"):  # held by the server until the warm-up is done
        timeout += WARM_TIMEOUT_S
    return timeout + GRACE_S


class _ServerProcess:
    """One fork server process and the thread that reads its outcomes."""

    def __init__(self, python: str, isolation: str, env: dict[str, str], token: str,
                 on_outcome: Callable[[dict], None], on_exit: Callable[["_ServerProcess"], None]):
        self._on_outcome, self._on_exit = on_outcome, on_exit
        self.running: dict[str, int] = {}  # job id -> the pid of its snippet process
        self.token = token
        self.hung: str | None = None  # why the watchdog killed it
        self._key = secrets.token_bytes(32)
        self._ready = threading.Event()
        self._started_ok = False  # the server said it is ready (a signed line)
        self.dropped_lines = 0  # unsigned lines on the pipe: a snippet's writing, ignored
        self._stderr = tempfile.TemporaryFile()  # a file, not a pipe: nobody must drain it
        try:
            self.proc = subprocess.Popen(
                [python, str(FORKSERVER), "--isolation", isolation],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._stderr,
                env={**env, "TORCHPATCH_RUN_TOKEN": token}, start_new_session=True,
            )
        except OSError as exc:  # no such interpreter, or no process to be had (EAGAIN under a fork bomb)
            self._stderr.close()
            raise TorchpatchError(f"cannot start snippets under {python}: {exc.strerror or exc}") from None
        self._write(self._key.hex() + "\n")
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        if not self._ready.wait(START_TIMEOUT_S) or not self._started_ok:
            self.kill()
            self._reader.join(timeout=30)
            self._stderr.seek(0)
            error = self._stderr.read().decode(errors="replace")[-2000:]
            raise TorchpatchError(f"cannot start snippets under {python}: {error.strip() or 'no output'}")

    def send(self, job: dict) -> None:
        self._write(json.dumps(job) + "\n")

    def _write(self, text: str) -> None:
        try:
            self.proc.stdin.write(text.encode())
            self.proc.stdin.flush()
        except (BrokenPipeError, ValueError, OSError):
            pass  # it died: the reader sees the end of its output and reports the job as a suspect

    def exit_reason(self) -> str:
        if self.hung:
            return self.hung
        code = self.proc.returncode
        return f"killed by {signal.Signals(-code).name}" if code and code < 0 else f"exited with status {code}"

    def kill(self) -> None:
        """The server and everything it runs: the reader then sees the end of its output."""
        kill_tree(self.proc.pid)
        for pid in list(self.running.values()):
            kill_tree(pid)

    def close(self) -> None:
        if self.proc.poll() is None:
            try:
                self.proc.stdin.close()
            except OSError:
                pass
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()
        self._reader.join(timeout=30)
        self._stderr.close()

    def _message(self, line: bytes) -> dict | None:
        """The message a signed line carries; None for anything else (a snippet's writing, noise)."""
        signature, _, text = line.rstrip(b"\n").partition(b" ")
        expected = hmac.new(self._key, text, hashlib.sha256).hexdigest().encode()
        if not hmac.compare_digest(signature, expected):
            return None
        try:
            message = json.loads(text)
        except ValueError:
            return None
        return message if isinstance(message, dict) else None

    def _read(self) -> None:
        try:
            for line in self.proc.stdout:
                message = self._message(line)
                if message is None:
                    self.dropped_lines += 1
                elif message.get("ready"):
                    self._started_ok = True
                    self._ready.set()
                elif "started" in message:
                    self.running[str(message["started"])] = int(message["pid"])
                elif "id" in message:
                    self.running.pop(str(message["id"]), None)
                    self._on_outcome(message)
        except Exception:  # noqa: BLE001 - whatever happens, the pending jobs must be answered below
            self.kill()
        finally:
            self._ready.set()
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.kill()
                self.proc.wait()
            for pid in self.running.values():  # its snippets outlive it unless killed here
                kill_tree(pid)
            for pid in processes_with_token(self.token):  # and their daemons, re-parented to init
                kill_tree(pid)
            if self._started_ok:
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
        self._pending: dict[str, tuple[dict, Future, _ServerProcess, float]] = {}
        self._lock = threading.Lock()
        self._closing = False
        self._warmed = False
        self.token = secrets.token_hex(16)
        _remove_stale_scratch()
        self.scratch = tempfile.mkdtemp(prefix=f"{SCRATCH_PREFIX}{os.getpid()}-")
        try:
            self._server: _ServerProcess | None = self._spawn()
        except BaseException:
            shutil.rmtree(self.scratch, ignore_errors=True)
            raise
        self._watchdog = threading.Thread(target=self._watch, daemon=True)
        self._watchdog.start()

    def submit(self, job: dict) -> Future:
        future: Future = Future()
        with self._lock:
            if self._closing or self._server is None:
                future.set_result(_crash("the run was stopped" if self._closing
                                         else "no fork server could be started after the last one died"))
                return future
            job = {**job, "id": str(next(self._ids)), "scratch": self.scratch}
            self._pending[job["id"]] = (job, future, self._server, time.monotonic() + job_deadline_s(job))
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
        with self._lock:  # whatever a dead or hung server left unanswered
            left = list(self._pending.values())
            self._pending.clear()
        for _, future, _, _ in left:
            if not future.done():
                future.set_result(_crash("the run was stopped"))
        for pid in processes_with_token(self.token):
            kill_tree(pid)
        shutil.rmtree(self.scratch, ignore_errors=True)

    def __enter__(self) -> "SnippetRunner":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _spawn(self) -> _ServerProcess:
        return _ServerProcess(self.python, self.isolation, self._env, self.token, self._deliver, self._server_exited)

    def _watch(self) -> None:
        """Kill a server that let a job's deadline pass: it is hung (blocked on something a snippet
        did), and its jobs are then handled as a dead server's."""
        while not self._closing:
            time.sleep(WATCHDOG_INTERVAL_S)
            now = time.monotonic()
            with self._lock:
                late = [(job, server) for job, _, server, deadline in self._pending.values() if now > deadline]
            for job, server in late:
                if server.hung is None:
                    server.hung = (f"stopped answering: no outcome for a job within "
                                   f"{job_deadline_s(job):g} s, so it was killed")
                    server.kill()

    def _deliver(self, outcome: dict) -> None:
        with self._lock:
            entry = self._pending.pop(str(outcome.pop("id")), None)
        if entry is not None and not entry[1].done():
            entry[1].set_result(outcome)

    def _server_exited(self, server: _ServerProcess) -> None:
        with self._lock:
            lost = [(job, future) for job, future, owner, _ in self._pending.values() if owner is server]
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
            except (TorchpatchError, OSError):  # OSError: no process to be had (EAGAIN), no interpreter
                self._server = None
                stranded = [(job, future) for job, future, owner, _ in self._pending.values() if owner is dead]
                for job, _ in stranded:
                    del self._pending[job["id"]]
            else:
                stranded = []
                if self._warmed:
                    self._server.send({"kind": "warm", "id": "warm-again", "timeout": 0})
        for _, future in stranded:
            future.set_result(_crash("no fork server could be started after the last one died"))

    def _rerun_alone(self, suspects: list[tuple[dict, Future]]) -> None:
        for job, future in suspects:
            bare = {key: value for key, value in job.items() if key not in ("id", "scratch")}
            try:
                with SnippetRunner(self.python, self.isolation, self._overrides, replace_dead_server=False) as alone:
                    future.set_result(alone.run(bare))
            except (TorchpatchError, OSError) as exc:
                future.set_result(_crash(str(exc)))


def _killed_server(server: _ServerProcess) -> str:
    if server.hung:
        return f"the fork server running the snippet {server.hung}; a new server ran the other snippets"
    return (f"the snippet took down the fork server that ran it ({server.exit_reason()}); "
            "a new server ran the other snippets")


def _remove_stale_scratch() -> None:
    """Scratch folders of runs that were killed (SIGKILL leaves no chance to clean up)."""
    root = Path(tempfile.gettempdir())
    for folder in root.glob(f"{SCRATCH_PREFIX}*"):
        pid = folder.name[len(SCRATCH_PREFIX):].split("-", 1)[0]
        if pid.isdigit() and int(pid) != os.getpid() and not Path(f"/proc/{pid}").exists():
            shutil.rmtree(folder, ignore_errors=True)
