"""Inside a snippet's process: limits, output, running the code, and writing the result file."""

from __future__ import annotations

import json
import os
import resource
import sys
import tempfile
import traceback
import types

from . import protocol
from .proctree import become_subreaper, end_descendants
from .ranks import run_ranks

RESULT_NAME = "result.json"


def run_job_here(job: dict) -> int:
    """Run one job in this (child) process; write its result file; return the exit code."""
    protocol.forget_key()  # before any snippet code: it must not sign outcomes
    become_subreaper()
    workdir = job["workdir"]  # absolute: every path the harness writes is, since a snippet may chdir
    os.chdir(workdir)
    redirect_output(workdir)
    apply_limits(job)
    # tempfile's files go to the scratch folder too, and are removed with it.
    os.environ["TMPDIR"] = tempfile.tempdir = workdir
    if job["kind"] == "probe":
        result = probe(job.get("modules", []))
    elif job["kind"] == "static":
        result = resolve_names(job["names"])
    elif job.get("world_size", 1) > 1:
        result = run_ranks(job, execute)
    else:
        result = execute(job["blocks"])
    end_descendants()
    write_result(workdir, result)
    return 0


def redirect_output(workdir: str) -> None:
    log = os.open(os.path.join(workdir, "output.log"), os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    os.dup2(log, 1)
    os.dup2(log, 2)
    os.close(log)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)


def apply_limits(job: dict) -> None:
    """Per-process limits the kernel enforces at once; the server also watches the whole tree's
    memory and process count (see server_loop.Limits), which these cannot cover."""
    if job.get("max_output_bytes"):
        resource.setrlimit(resource.RLIMIT_FSIZE, (job["max_output_bytes"],) * 2)
    if job.get("memory_bytes"):
        resource.setrlimit(resource.RLIMIT_DATA, (job["memory_bytes"],) * 2)
    if job.get("max_processes") and os.geteuid() != 0:  # root is exempt from RLIMIT_NPROC anyway
        # The limit counts every process of this user, so it is set above what the user runs now.
        try:
            running = sum(1 for entry in os.listdir("/proc") if entry.isdigit()
                          and os.stat(f"/proc/{entry}").st_uid == os.geteuid())
        except OSError:
            running = 0
        limit = running + job["max_processes"]
        soft, hard = resource.getrlimit(resource.RLIMIT_NPROC)
        if hard == resource.RLIM_INFINITY or limit < hard:
            resource.setrlimit(resource.RLIMIT_NPROC, (limit, limit))


def execute(blocks: list[dict]) -> dict:
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
    harness = os.path.dirname(os.path.abspath(__file__))
    while tb is not None and os.path.dirname(tb.tb_frame.f_code.co_filename) == harness:
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


def probe(modules: list[str]) -> dict:
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


def resolve_names(names: list[str]) -> dict:
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


def write_result(workdir: str, result: dict) -> None:
    sys.stdout.flush()
    sys.stderr.flush()
    final = os.path.join(workdir, RESULT_NAME)
    with open(final + ".tmp", "w") as handle:
        json.dump(result, handle, default=str)
    os.replace(final + ".tmp", final)
