"""Run snippets in isolated child processes of an interpreter that has imported torch once.

This file is a standalone script (standard library only): the validator starts it
with whichever interpreter is under test (``--python`` in the version matrix), so
it must not import torchpatch. Protocol: one JSON job per line on stdin, one JSON
outcome per line on stdout, in completion order.

The parent only imports: torch, and on a ``warm`` job the compiler stack, plus the
compiler's pure per-process caches (hashes of installed source files). Anything more
(a matmul, a compile) starts thread pools that do not survive ``fork`` and children
would hang; CUDA is never touched here for the same reason (the ``probe`` job asks
in a child).

Every snippet process is a child subreaper: whatever it starts (``setsid`` and
double forks included) stays in its process tree and is killed when the snippet
ends, times out or crashes. The server is a subreaper too, so the tree of a
snippet that died abruptly comes back here and is killed as well.

Outcomes are raw facts (``ok``, ``exception``, ``crash``, ``timeout``); deciding
what they mean for a snippet's markers is the evaluator's job, not this file's.
"""

from __future__ import annotations

import ctypes
import gc
import importlib
import json
import os
import random
import resource
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import traceback
import types

NETWORK_ERROR = "torch.distributed.DistNetworkError"
RANK_GRACE_S = 15.0  # after one rank fails, how long the others get before they are killed
OUTPUT_TAIL = 4000
PR_SET_CHILD_SUBREAPER = 36
# What a compile snippet's child would otherwise import itself (2-3 s each time): the compiler
# stack and the C++ toolchain wrapper it loads kernels with. Imports only, checked to start no thread.
WARM_MODULES = (
    "torch._dynamo",
    "torch._inductor.compile_fx",
    "torch._inductor.codecache",
    "torch._inductor.graph",
    "torch._inductor.scheduler",
    "torch._inductor.codegen.cpp",
    "torch._inductor.codegen.cpp_wrapper_cpu",
    "torch._inductor.choices",
    "torch._functorch.aot_autograd",
    "torch.utils.cpp_extension",
    "torch.export",
)


def main() -> None:
    # Run by path, Python put this folder first on sys.path: snippets must not find our modules
    # (``import markdown`` would get the parser package here instead of the PyPI one).
    if sys.path and os.path.abspath(sys.path[0] or ".") == os.path.dirname(os.path.abspath(__file__)):
        sys.path.pop(0)
    isolation = sys.argv[sys.argv.index("--isolation") + 1] if "--isolation" in sys.argv else "fork"
    if "--run-job" in sys.argv:  # a fresh process for one job (--isolation process)
        with open(sys.argv[sys.argv.index("--run-job") + 1]) as handle:
            job = json.load(handle)
        os._exit(_run_job_here(job))
    if isolation == "fork":
        import torch  # noqa: F401  (the point of the fork server: pay for this once)
        gc.freeze()  # children's collections skip what is here: no copy-on-write of the whole heap
    _become_subreaper()
    _emit({"ready": True, "pid": os.getpid(), "python": sys.version.split()[0]})
    Server(isolation).serve()


class Server:
    def __init__(self, isolation: str):
        self.isolation = isolation
        self.running: dict[int, dict] = {}  # pid -> job (with bookkeeping)
        self.buffer = b""
        self.stdin_open = True
        self.warm_up: _WarmUp | None = None  # in progress: one step per turn of the loop
        self.held: list[dict] = []  # jobs marked after_warm, started once the warm-up is done

    def serve(self) -> None:
        while self.stdin_open:
            self._read_jobs(timeout=0.0 if self.warm_up else 0.02 if self.running else 1.0)
            self._reap()
            self._enforce_timeouts()
            if self.warm_up:
                self._warm_one_step()
        # Jobs are only ever pending while the validator reads: end of input with snippets still
        # running means it is gone (killed, interrupted), so nobody waits for them.
        for pid in list(self.running):
            kill_tree(pid)
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
                    self.warm_up = _WarmUp(job["id"], enabled=self.isolation == "fork")
                elif job.get("after_warm") and self.warm_up:
                    self.held.append(job)
                else:
                    self._start(job)

    def _warm_one_step(self) -> None:
        """Between steps the loop forks and reaps: snippets that need no compiler run meanwhile."""
        if self.warm_up.step():
            return
        _emit({"id": self.warm_up.job_id, "outcome": "ok", **self.warm_up.report()})
        self.warm_up = None
        held, self.held = self.held, []
        for job in held:
            self._start(job)

    def _start(self, job: dict) -> None:
        job["workdir"] = tempfile.mkdtemp(prefix="snippet-", dir=job.get("scratch") or None)
        job["started"] = time.monotonic()
        sys.stdout.flush()
        if self.isolation == "fork":
            pid = os.fork()
            if pid == 0:
                os.setpgid(0, 0)
                os._exit(_run_job_here(job))
        else:
            job_file = os.path.join(job["workdir"], "job.json")
            with open(job_file, "w") as handle:
                json.dump(job, handle)
            proc = subprocess.Popen(
                [sys.executable, os.path.abspath(__file__), "--run-job", job_file], start_new_session=True
            )
            pid = proc.pid
            job["proc"] = proc  # kept, and marked reaped in _finish: a collected Popen would poll its pid later
        try:
            os.setpgid(pid, pid)
        except OSError:
            pass  # the child already did it (or is gone): either way it leads its own group
        self.running[pid] = job
        _emit({"started": job["id"], "pid": pid})  # the validator kills this tree if the server dies

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
            _kill_group(pid)  # where there is no subreaper (not Linux), the process group still goes
            self._kill_orphans()  # what the snippet left behind if it died before cleaning up
            self._finish(job, _outcome_from_status(job, status))

    def _kill_orphans(self) -> None:
        for pid in children(os.getpid()):
            if pid not in self.running:
                kill_tree(pid)

    def _enforce_timeouts(self) -> None:
        now = time.monotonic()
        for pid, job in list(self.running.items()):
            if now - job["started"] > job["timeout"]:
                kill_tree(pid)
                try:
                    os.waitpid(pid, 0)
                except ChildProcessError:
                    pass
                self.running.pop(pid)
                self._kill_orphans()
                outcome = {"outcome": "timeout", "message": f"killed after {job['timeout']:g} s"}
                outcome["output"] = _tail(os.path.join(job["workdir"], "output.log"))
                self._finish(job, outcome)

    def _finish(self, job: dict, outcome: dict) -> None:
        if "proc" in job:
            job["proc"].returncode = -1  # reaped here already; its pid may belong to a new snippet
        outcome["id"] = job["id"]
        outcome["duration_s"] = round(time.monotonic() - job["started"], 3)
        shutil.rmtree(job["workdir"], ignore_errors=True)
        _emit(outcome)


class _WarmUp:
    """Import the compiler stack here and fill its pure per-process caches, once for all children.

    A compile snippet's child then starts where a second compile in one interpreter would.
    Only imports and hashes of installed files: a compile, a thread or a device here would
    make every later child hang. It runs one step at a time, so the server forks other
    snippets in between. Each step is best effort (older builds lack some modules).
    """

    def __init__(self, job_id: str, enabled: bool = True):
        self.job_id = job_id
        self.started = time.monotonic()
        self.timings: dict[str, float] = {}
        self.steps = [(f"import {name}", lambda name=name: importlib.import_module(name)) for name in WARM_MODULES]
        self.steps += [("torch_key", lambda: _codecache().torch_key()),  # hashes of torch's and triton's
                       ("triton_key", lambda: _codecache().triton_key()),  # sources: in every FX-graph cache key
                       # The backend registry reads every installed distribution's entry points on first use.
                       ("backends", lambda: importlib.import_module("torch._dynamo.backends.registry")._lazy_import())]
        if not enabled:  # process isolation: children import for themselves, nothing to warm
            self.steps.clear()

    def step(self) -> bool:
        """Run the next step; False when none is left."""
        if not self.steps:
            return False
        name, action = self.steps.pop(0)
        start = time.monotonic()
        try:
            action()
        except Exception:  # noqa: BLE001 - a missing piece only costs the children its time
            return True
        key = "imports" if name.startswith("import ") else name
        self.timings[key] = round(self.timings.get(key, 0.0) + time.monotonic() - start, 3)
        return True

    def report(self) -> dict:
        gc.freeze()
        return {"timings": self.timings, "threads": len(os.listdir("/proc/self/task")),
                "duration_s": round(time.monotonic() - self.started, 3)}


def _codecache():
    return importlib.import_module("torch._inductor.codecache")


def _outcome_from_status(job: dict, status: int) -> dict:
    result_file = os.path.join(job["workdir"], "result.json")
    output = _tail(os.path.join(job["workdir"], "output.log"))
    if os.path.exists(result_file):
        with open(result_file) as handle:
            try:
                outcome = json.load(handle)
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


# --- inside the child -------------------------------------------------------------------------


def _run_job_here(job: dict) -> int:
    """Run one job in this (child) process; write result.json; return the exit code."""
    _become_subreaper()
    os.chdir(job["workdir"])
    _redirect_output(job["workdir"])
    _apply_limits(job)
    # tempfile's files go to the scratch folder too, and are removed with it.
    os.environ["TMPDIR"] = tempfile.tempdir = job["workdir"]
    if job["kind"] == "probe":
        result = _probe(job.get("modules", []))
    elif job["kind"] == "static":
        result = _resolve_names(job["names"])
    elif job.get("world_size", 1) > 1:
        result = _run_ranks(job)
    else:
        result = _execute(job["blocks"])
    end_descendants()
    _write_result(result)
    return 0


def _redirect_output(workdir: str) -> None:
    log = os.open(os.path.join(workdir, "output.log"), os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    os.dup2(log, 1)
    os.dup2(log, 2)
    os.close(log)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)


def _apply_limits(job: dict) -> None:
    if job.get("max_output_bytes"):
        resource.setrlimit(resource.RLIMIT_FSIZE, (job["max_output_bytes"],) * 2)
    if job.get("memory_bytes"):
        resource.setrlimit(resource.RLIMIT_DATA, (job["memory_bytes"],) * 2)


def _execute(blocks: list[dict]) -> dict:
    namespace = _fresh_main_module().__dict__
    try:
        for block in blocks:
            if block["language"] == "cpp":
                namespace[block["name"]] = _compile_cpp(block)
            else:
                # Pad with blank lines so tracebacks show the Markdown file's own line numbers.
                source = "\n" * (block["line"] - 1) + block["code"]
                exec(compile(source, block["file"], "exec"), namespace)
    except BaseException as exc:  # noqa: BLE001 - every failure, SystemExit included, is a result
        if isinstance(exc, SystemExit) and exc.code in (None, 0):
            return {"outcome": "ok"}
        return _describe_exception(exc)
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
    return {"outcome": "ok"}


def _fresh_main_module():
    """An empty module registered as ``__main__``, as a script gets: what a snippet defines can be
    found through ``sys.modules["__main__"]`` (pickle does that for classes, Dynamo's guards for
    globals). This process is the snippet's own, so replacing the server's entry is harmless."""
    module = types.ModuleType("__main__")
    sys.modules["__main__"] = module
    return module


def _compile_cpp(block: dict):
    from torch.utils.cpp_extension import load_inline

    return load_inline(
        name=block["name"],
        cpp_sources=[block["code"]],
        functions=block.get("functions") or None,
        verbose=False,
    )


def _describe_exception(exc: BaseException) -> dict:
    kind = type(exc)
    tb = exc.__traceback__
    while tb is not None and tb.tb_frame.f_code.co_filename == __file__:
        tb = tb.tb_next  # the harness's own frames say nothing about the snippet
    frames = traceback.format_exception(kind, exc, tb)
    return {
        "outcome": "exception",
        "exc_type": f"{kind.__module__}.{kind.__qualname__}",
        "exc_mro": [f"{k.__module__}.{k.__qualname__}" for k in kind.__mro__],
        "message": str(exc),
        "traceback": "".join(frames)[-6000:],
        "error_line": _markdown_line(exc),
    }


def _markdown_line(exc: BaseException) -> list | None:
    """The innermost traceback frame inside a Markdown file: [file, line]."""
    found = None
    tb = exc.__traceback__
    while tb is not None:
        filename = tb.tb_frame.f_code.co_filename
        if filename.endswith(".md"):
            found = [filename, tb.tb_lineno]
        tb = tb.tb_next
    if found is None and isinstance(exc, SyntaxError) and str(exc.filename or "").endswith(".md"):
        found = [exc.filename, exc.lineno]
    return found


def _run_ranks(job: dict) -> dict:
    """Fork N ranks on loopback; report the first rank that fails. A run that fails only because a
    gloo connection was reset (seen on a busy 2-core machine, in snippets that pass on rerun) is run
    once more, on a new port; a second failure is reported."""
    result = _run_ranks_once(job)
    if result["outcome"] == "exception" and NETWORK_ERROR in result.get("exc_mro", []):
        result = _run_ranks_once(job)
    return result


def _run_ranks_once(job: dict) -> dict:
    world = job["world_size"]
    for rank in range(world):  # a retry must not read the results of the first try
        if os.path.exists(f"rank{rank}.json"):
            os.remove(f"rank{rank}.json")
    port = _free_port()
    pids = {}
    for rank in range(world):
        pid = os.fork()
        if pid == 0:
            os.environ.update(
                RANK=str(rank), LOCAL_RANK=str(rank), WORLD_SIZE=str(world), LOCAL_WORLD_SIZE=str(world),
                MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port),
            )
            result = _execute(job["blocks"])
            with open(f"rank{rank}.json", "w") as handle:
                json.dump(result, handle)
            sys.stdout.flush()
            os._exit(0)
        pids[pid] = rank
    failures: list[dict] = []
    deadline = None
    while pids:
        if deadline is not None and time.monotonic() > deadline:
            for pid, rank in pids.items():
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
            break
        pid, status = os.waitpid(-1, os.WNOHANG)
        if pid == 0:
            time.sleep(0.02)
            continue
        rank = pids.pop(pid, None)
        if rank is None:
            continue  # an orphan a rank left behind, re-parented to this subreaper
        result = _rank_result(rank, status)
        if result["outcome"] != "ok":
            result["rank"] = rank
            failures.append(result)
            deadline = deadline or time.monotonic() + RANK_GRACE_S
    if not failures:
        return {"outcome": "ok"}
    first = failures[0]
    prefix = f"rank {first['rank']} of {world} failed"
    first["message"] = f"{prefix}: {first.get('message', '')}"
    if "traceback" in first:
        first["traceback"] = f"{prefix}:\n{first['traceback']}"
    return first


def _rank_result(rank: int, status: int) -> dict:
    if os.path.exists(f"rank{rank}.json"):
        with open(f"rank{rank}.json") as handle:
            return json.load(handle)
    if os.WIFSIGNALED(status):
        return {"outcome": "crash", "message": f"killed by {signal.Signals(os.WTERMSIG(status)).name}"}
    return {"outcome": "crash", "message": f"exited with status {os.WEXITSTATUS(status)}"}


def _free_port() -> int:
    """A free port below the kernel's ephemeral range. A port the kernel handed out (bind to 0) and
    we released can be handed out again, to a gloo socket of ranks running beside these, before
    rank 0's store binds it: their connections then fail with 'Connection reset by peer'."""
    low = _ephemeral_low()
    for _ in range(100):
        port = random.SystemRandom().randrange(max(1024, low - 20000), low)  # not the state forked children share
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    with socket.socket() as sock:  # everything below the range is taken: fall back to the kernel's choice
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _ephemeral_low() -> int:
    try:
        with open("/proc/sys/net/ipv4/ip_local_port_range") as handle:
            return int(handle.read().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768  # Linux's default


def _probe(modules: list[str]) -> dict:
    import importlib.util
    import platform

    import torch

    info = {
        "outcome": "ok",
        "torch": torch.__version__,
        "git_version": getattr(torch.version, "git_version", None),
        "cuda": torch.version.cuda,
        "python": platform.python_version(),
        "cuda_available": False,
        "device_count": 0,
        "modules_found": [m for m in modules if importlib.util.find_spec(m) is not None],
    }
    if torch.cuda.is_available():
        info.update(
            cuda_available=True,
            device_count=torch.cuda.device_count(),
            device_name=torch.cuda.get_device_name(0),
            capability=list(torch.cuda.get_device_capability(0)),
        )
    return info


def _resolve_names(names: list[str]) -> dict:
    """Which dotted names resolve in this build: import the longest module prefix, getattr the rest."""
    import importlib
    import inspect

    unresolved = {}
    for name in names:
        parts = name.split(".")
        obj, error = None, None
        for cut in range(len(parts), 0, -1):
            try:
                obj = importlib.import_module(".".join(parts[:cut]))
            except Exception as exc:  # noqa: BLE001 - any import failure means "try a shorter prefix"
                error = exc
                continue
            try:
                for attr in parts[cut:]:
                    if not (inspect.ismodule(obj) or inspect.isclass(obj)):
                        break  # past a module or class it is a value (torch.version.cuda may be None)
                    obj = getattr(obj, attr)
                error = None
            except Exception as exc:  # noqa: BLE001
                error = exc
            break
        if error is not None:
            unresolved[name] = f"{type(error).__name__}: {error}"
    return {"outcome": "ok", "unresolved": unresolved}


def _write_result(result: dict) -> None:
    sys.stdout.flush()
    sys.stderr.flush()
    with open("result.json.tmp", "w") as handle:
        json.dump(result, handle, default=str)
    os.replace("result.json.tmp", "result.json")


# --- helpers ----------------------------------------------------------------------------------


def _become_subreaper() -> None:
    """Orphaned descendants (a ``setsid`` daemon's double fork) are re-parented to this process."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    except (OSError, AttributeError):
        pass  # not Linux: process groups are all there is


def children(pid: int) -> list[int]:
    """The direct children of ``pid`` (of every one of its threads)."""
    found: list[int] = []
    try:
        threads = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return found
    for tid in threads:
        try:
            with open(f"/proc/{pid}/task/{tid}/children") as handle:
                found.extend(int(child) for child in handle.read().split())
        except OSError:
            pass
    return found


def _stop_descendants(pid: int) -> list[int]:
    """SIGSTOP every descendant of ``pid`` until no new one appears; a stopped process cannot fork."""
    stopped: list[int] = []
    for _ in range(100):
        frontier, fresh = [pid], []
        while frontier:
            found = [child for parent in frontier for child in children(parent)]
            fresh.extend(child for child in found if child not in stopped)
            frontier = found
        if not fresh:
            break
        for child in fresh:
            _signal(child, signal.SIGSTOP)
        stopped.extend(fresh)
    return stopped


def kill_tree(pid: int) -> None:
    """SIGKILL ``pid`` and every process below it, whichever session or group they moved to."""
    _signal(pid, signal.SIGSTOP)
    for descendant in _stop_descendants(pid):
        _signal(descendant, signal.SIGKILL)
    _signal(pid, signal.SIGKILL)
    _kill_group(pid)  # and whatever is left in its process group


def end_descendants(deadline_s: float = 5.0) -> None:
    """Kill and reap every process this one started (it is their subreaper), before reporting."""
    end = time.monotonic() + deadline_s
    while time.monotonic() < end:
        tree = _stop_descendants(os.getpid())
        for pid in tree:
            _signal(pid, signal.SIGKILL)
        try:
            while os.waitpid(-1, os.WNOHANG)[0]:
                pass
        except ChildProcessError:
            return  # no child left, dead or alive
        if not tree:
            time.sleep(0.01)  # killed children not yet reaped


def _kill_group(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _signal(pid: int, sig: int) -> None:
    try:
        os.kill(pid, sig)
    except (ProcessLookupError, PermissionError):
        pass


def _tail(path: str) -> str:
    try:
        with open(path, "rb") as handle:
            handle.seek(0, os.SEEK_END)
            size = handle.tell()
            handle.seek(max(0, size - OUTPUT_TAIL))
            text = handle.read().decode("utf-8", "replace")
    except OSError:
        return ""
    return ("..." if size > OUTPUT_TAIL else "") + text


def _emit(message: dict) -> None:
    sys.stdout.write(json.dumps(message, default=str) + "\n")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
