"""The server loop: read jobs on stdin, fork a child per job, reap it, enforce its limits, report.

Protocol: the first line on stdin is the run's key (see :mod:`.protocol`), then one JSON job
per line; one signed JSON outcome per line on stdout, in completion order.

The parent only imports: torch, and on a ``warm`` job the compiler stack, plus the compiler's
pure per-process caches. Anything more (a matmul, a compile) starts thread pools that do not
survive ``fork`` and children would hang; CUDA is never touched here for the same reason (the
``probe`` job asks in a child).

The server is a subreaper, so the tree of a snippet that died abruptly comes back here and is
killed as well. It also watches each snippet's whole tree: its processes together may not
use more than the job's memory, nor be more than its process limit (rlimits are per process).
"""

from __future__ import annotations

import gc
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from . import protocol
from .execute import RESULT_NAME, run_job_here
from .files import output_tail, read_regular
from .proctree import become_subreaper, children, kill_group, kill_tree, tree_usage
from .warmup import WarmUp

WATCH_INTERVAL_S = 0.25  # how often each snippet's tree is measured against its limits
ENTRY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "__main__.py")


def main() -> None:
    isolation = sys.argv[sys.argv.index("--isolation") + 1] if "--isolation" in sys.argv else "fork"
    if "--run-job" in sys.argv:  # a fresh process for one job (--isolation process)
        with open(sys.argv[sys.argv.index("--run-job") + 1]) as handle:
            job = json.load(handle)
        os._exit(run_job_here(job))
    protocol.read_key()
    if isolation == "fork":
        import torch  # noqa: F401  (the point of the fork server: pay for this once)
        gc.freeze()  # children's collections skip what is here: no copy-on-write of the whole heap
    become_subreaper()
    protocol.emit({"ready": True, "pid": os.getpid(), "python": sys.version.split()[0]})
    Server(isolation).serve()


class Server:
    def __init__(self, isolation: str):
        self.isolation = isolation
        self.running: dict[int, dict] = {}  # pid -> job (with bookkeeping)
        self.buffer = b""
        self.stdin_open = True
        self.warm_up: WarmUp | None = None  # in progress: one step per turn of the loop
        self.held: list[dict] = []  # jobs marked after_warm, started once the warm-up is done
        self.last_watch = 0.0

    def serve(self) -> None:
        while self.stdin_open:
            self._read_jobs(timeout=0.0 if self.warm_up else 0.02 if self.running else 1.0)
            self._reap()
            self._enforce_limits()
            if self.warm_up:
                self._warm_one_step()
        # Jobs are only ever pending while the validator reads: end of input with snippets still
        # running means it is gone (killed, interrupted), so nobody waits for them.
        for pid, job in list(self.running.items()):
            kill_tree(pid)
            shutil.rmtree(job["workdir"], ignore_errors=True)
        self._reap()

    def _read_jobs(self, timeout: float) -> None:
        ready, _, _ = select.select([sys.stdin.fileno()], [], [], timeout)
        if not ready:
            return
        chunk = os.read(sys.stdin.fileno(), 1 << 16)
        if not chunk:
            self.stdin_open = False
            return
        self.buffer += chunk
        while b"\n" in self.buffer:
            line, self.buffer = self.buffer.split(b"\n", 1)
            if line.strip():
                job = json.loads(line)
                if job.get("kind") == "warm":  # in this process: what every later child inherits
                    self.warm_up = WarmUp(job["id"], enabled=self.isolation == "fork")
                elif job.get("after_warm") and self.warm_up:
                    self.held.append(job)
                else:
                    self._start(job)

    def _warm_one_step(self) -> None:
        """Between steps the loop forks and reaps: snippets that need no compiler run meanwhile."""
        if self.warm_up.step():
            return
        protocol.emit({"id": self.warm_up.job_id, "outcome": "ok", **self.warm_up.report()})
        self.warm_up = None
        held, self.held = self.held, []
        for job in held:
            self._start(job)

    def _start(self, job: dict) -> None:
        job["started"] = time.monotonic()
        try:
            job["workdir"] = os.path.abspath(tempfile.mkdtemp(prefix="snippet-", dir=job.get("scratch") or None))
            pid = self._spawn(job)
        except OSError as exc:  # no process or folder to be had (a fork bomb next door, a full disk)
            job.setdefault("workdir", "")
            self._finish(job, {"outcome": "crash", "message": f"could not start the snippet: {exc}", "output": ""})
            return
        try:
            os.setpgid(pid, pid)
        except OSError:
            pass  # the child already did it (or is gone): either way it leads its own group
        self.running[pid] = job
        protocol.emit({"started": job["id"], "pid": pid})  # the validator kills this tree if the server dies

    def _spawn(self, job: dict) -> int:
        sys.stdout.flush()
        if self.isolation == "fork":
            pid = os.fork()
            if pid == 0:
                os.setpgid(0, 0)
                os._exit(run_job_here(job))
            return pid
        job_file = os.path.join(job["workdir"], "job.json")
        with open(job_file, "w") as handle:
            json.dump(job, handle)
        proc = subprocess.Popen([sys.executable, ENTRY, "--run-job", job_file], start_new_session=True,
                                stdin=subprocess.DEVNULL)
        job["proc"] = proc  # kept, and marked reaped in _finish: a collected Popen would poll its pid later
        return proc.pid

    def _reap(self) -> None:
        while True:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            job = self.running.pop(pid, None)
            if job is None:
                continue  # a killed snippet's descendant, handed to this subreaper when its parent died
            kill_group(pid)  # where there is no subreaper (not Linux), the process group still goes
            self._kill_orphans()  # what the snippet left behind if it died before cleaning up
            self._finish(job, _outcome_from_status(job, status))

    def _kill_orphans(self) -> None:
        for pid in children(os.getpid()):
            if pid not in self.running:
                kill_tree(pid)

    def _enforce_limits(self) -> None:
        now = time.monotonic()
        watch = now - self.last_watch >= WATCH_INTERVAL_S
        if watch:
            self.last_watch = now
        for pid, job in list(self.running.items()):
            reason = None
            if now - job["started"] > job["timeout"]:
                reason = ("timeout", f"killed after {job['timeout']:g} s")
            elif watch:
                reason = _over_limits(pid, job)
            if reason is None:
                continue
            kill_tree(pid)
            try:
                os.waitpid(pid, 0)
            except ChildProcessError:
                pass
            self.running.pop(pid)
            self._kill_orphans()
            outcome = {"outcome": reason[0], "message": reason[1]}
            outcome["output"] = output_tail(os.path.join(job["workdir"], "output.log"))
            self._finish(job, outcome)

    def _finish(self, job: dict, outcome: dict) -> None:
        if "proc" in job:
            job["proc"].returncode = -1  # reaped here already; its pid may belong to a new snippet
        outcome["id"] = job["id"]
        outcome["duration_s"] = round(time.monotonic() - job["started"], 3)
        if job.get("workdir"):
            shutil.rmtree(job["workdir"], ignore_errors=True)
        protocol.emit(outcome)


def _over_limits(pid: int, job: dict) -> tuple[str, str] | None:
    """A crash outcome when the snippet's whole tree is over its memory or process limit."""
    memory, most = job.get("memory_bytes"), job.get("max_processes")
    if not memory and not most:
        return None
    processes, used = tree_usage(pid)
    if most and processes > most:
        return "crash", f"started more than {most} processes (the limit on a snippet's processes)"
    if memory and used > memory:
        return "crash", (f"its processes used {used / 2**30:.1f} GiB together, over the memory limit "
                         f"of {memory / 2**30:g} GiB")
    return None


def _outcome_from_status(job: dict, status: int) -> dict:
    data = read_regular(os.path.join(job["workdir"], RESULT_NAME))
    output = output_tail(os.path.join(job["workdir"], "output.log"))
    if data is not None:
        try:
            outcome = json.loads(data)
            if not isinstance(outcome, dict):
                raise ValueError
        except ValueError:
            outcome = {"outcome": "crash", "message": "the snippet's result file is corrupt"}
    elif os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        reason = "exceeded the output limit" if sig == signal.SIGXFSZ else f"killed by {signal.Signals(sig).name}"
        outcome = {"outcome": "crash", "message": reason}
    else:
        code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else status
        outcome = {"outcome": "crash", "message": f"exited with status {code} before reporting a result"}
    outcome["output"] = output
    return outcome
