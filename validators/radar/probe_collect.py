"""Collect the public API surface of this interpreter's torch build and print it as JSON.

Standard library only, run as a script by whichever interpreter is under test (it has
torch but not torchpatch):  python probe_collect.py [--package torch] [--budget S] [--names FILE]

Public modules are found by walking the package's folders (``_`` modules and tests left
out) and imported one by one, shallow first, until the budget of CPU seconds is spent (CPU,
not wall time: a busy machine must not change what is collected); what was skipped or
failed is reported so the diff never mistakes "not looked at" for "removed".
``--names`` adds dotted names (a reference may mention private ones) to resolve and describe.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import signal
import sys
import time
import warnings

import probe_describe  # noqa: E402  (siblings: found through sys.path[0], the script's folder)

del sys.path[0]  # the folder also holds torchpatch modules that must not shadow anything torch imports

PER_MODULE_TIMEOUT_S = 60  # wall seconds: an import that hangs
SKIP_DIRS = {"test", "tests", "benchmarks", "include", "share", "lib", "bin"}


def main(argv: list[str]) -> None:
    package = _option(argv, "--package", "torch")
    budget = float(_option(argv, "--budget", "60"))
    names_file = _option(argv, "--names", None)
    extra = json.load(open(names_file)) if names_file else []
    real_stdout = os.dup(1)
    os.dup2(2, 1)  # modules that print while importing must not corrupt the JSON
    result = collect(package, budget, extra)
    with os.fdopen(real_stdout, "w") as out:
        json.dump(result, out)
    sys.stderr.flush()
    os._exit(0)  # imported modules may have started threads that would keep us alive


def collect(package: str, budget: float, extra: list[str]) -> dict:
    started, cpu_started = time.monotonic(), time.process_time()
    root = importlib.import_module(package)
    modules, failed, skipped, deprecated = [], {}, [], {}
    for name in discover(package):
        if time.process_time() - cpu_started > budget:
            skipped.append(name)
            continue
        outcome = _import(name, PER_MODULE_TIMEOUT_S)
        if isinstance(outcome, str):
            failed[name] = outcome
        else:
            modules.append(name)
            if outcome:
                deprecated[name] = outcome
    import_s = time.monotonic() - started
    surface = probe_describe.Surface(package)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # describing touches deprecated attributes; access warnings are recorded apart
        for name in modules:
            surface.add_module(sys.modules[name], deprecated.get(name))
        missing = [name for name in extra if not surface.add_named(name)]
    return {
        "package": package,
        "version": str(getattr(root, "__version__", "")),
        "python": sys.version.split()[0],
        "modules": modules,
        "failed": failed,
        "skipped": skipped,
        "missing": missing,
        "apis": surface.apis,
        "import_s": round(import_s, 2),
        "elapsed_s": round(time.monotonic() - started, 2),
        "cpu_s": round(time.process_time() - cpu_started, 2),
    }


def discover(package: str) -> list[str]:
    """Public modules under the package's folders, shallow first, then by name."""
    spec = importlib.util.find_spec(package)
    found = {package}
    for location in spec.submodule_search_locations or []:
        for folder, dirs, files in os.walk(location):
            rel = os.path.relpath(folder, location)
            parts = [] if rel == "." else rel.split(os.sep)
            dirs[:] = sorted(d for d in dirs if _public(d) and d not in SKIP_DIRS
                             and os.path.exists(os.path.join(folder, d, "__init__.py")))
            for file in files:
                stem = file[:-3]
                if file.endswith(".py") and stem != "__init__" and _public(stem) and not stem.startswith("test_"):
                    found.add(".".join([package, *parts, stem]))
            if parts:
                found.add(".".join([package, *parts]))
    return sorted(found, key=lambda name: (name.count("."), name))


def _public(name: str) -> bool:
    return not name.startswith(("_", ".")) and name not in ("conftest", "setup")


class _ImportTimeout(Exception):
    pass


def _on_alarm(signum, frame):
    raise _ImportTimeout()


def _import(name: str, timeout: float):
    """None or a deprecation message on success; on failure the error as one line of text."""
    signal.signal(signal.SIGALRM, _on_alarm)
    signal.alarm(max(1, int(timeout)))
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            importlib.import_module(name)
    except _ImportTimeout:
        return f"TimeoutError: import took more than {int(timeout)} s"
    except BaseException as exc:  # noqa: BLE001  (SystemExit and friends: a module is not allowed to stop us)
        return f"{type(exc).__name__}: {' '.join(str(exc).split())[:200]}"
    finally:
        signal.alarm(0)
    leaf = name.rsplit(".", 1)[-1]
    for warning in caught:
        if issubclass(warning.category, (DeprecationWarning, FutureWarning)) and (
                name in str(warning.message) or leaf in str(warning.message)):
            return " ".join(str(warning.message).split())[:300]
    return None


def _option(argv: list[str], flag: str, default):
    return argv[argv.index(flag) + 1] if flag in argv else default


if __name__ == "__main__":
    main(sys.argv[1:])
