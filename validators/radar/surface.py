"""The public API surface of a torch build, collected by running ``probe_collect.py`` under its interpreter.

Two builds are collected in parallel (one process each: importing every public torch
module is the slow part). A complete surface is cached under ``$TORCHPATCH_HOME/radar``,
keyed by the interpreter, its torch build, the probe's own source and the names asked for.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from ..build import inspect_build
from ..errors import TorchpatchError
from ..home import home_dir

PROBE_DIR = Path(__file__).parent
PROBE = PROBE_DIR / "probe_collect.py"
DEFAULT_BUDGET_S = 60.0  # CPU seconds per build for importing modules; about 10 suffice for all of torch
CACHE_VERSION = 1
WALL_LIMIT_S = 600


@dataclass(frozen=True)
class ApiSurface:
    """One build's surface: ``apis`` maps each public dotted path to what the probe saw there."""

    python: str
    version: str
    apis: dict[str, dict]
    modules: frozenset[str]
    failed: dict[str, str] = field(default_factory=dict)
    skipped: tuple[str, ...] = ()
    missing: frozenset[str] = frozenset()
    elapsed_s: float = 0.0
    cpu_s: float = 0.0
    cached: bool = False

    @classmethod
    def from_probe(cls, python: str, data: dict, cached: bool = False) -> ApiSurface:
        return cls(python=python, version=data["version"], apis=data["apis"], modules=frozenset(data["modules"]),
                   failed=dict(data["failed"]), skipped=tuple(data["skipped"]),
                   missing=frozenset(data["missing"]), elapsed_s=data["elapsed_s"],
                   cpu_s=data.get("cpu_s", 0.0), cached=cached)

    def resolve(self, path: str) -> dict | None:
        """The entry at path, following ``alias_of`` to where the object was described."""
        entry = self.apis.get(path)
        while entry is not None and "alias_of" in entry:
            entry = self.apis.get(entry["alias_of"])
        return entry

    def looked_at(self, module: str) -> bool:
        """False when the module was skipped for time or failed to import: its names are unknown, not absent."""
        return module not in self.failed and module not in self.skipped

    def works(self, path: str) -> bool:
        """The name resolves and is not a stub that always raises."""
        entry = self.resolve(path)
        return entry is not None and "raises" not in entry

    def summary(self) -> dict:
        return {"python": self.python, "torch": self.version, "apis": len(self.apis), "modules": len(self.modules),
                "failed": self.failed, "skipped": len(self.skipped), "elapsed_s": self.elapsed_s, "cpu_s": self.cpu_s,
                "cached": self.cached}


def collect_surfaces(pythons: list[str], names: list[str] = (), budget_s: float = DEFAULT_BUDGET_S,
                     use_cache: bool = True) -> list[ApiSurface]:
    """Collect each interpreter's surface; the uncached ones run at the same time."""
    names = sorted(set(names))
    keys = [_cache_key(python, names, budget_s) for python in pythons]
    results: dict[int, ApiSurface] = {}
    for index, (python, key) in enumerate(zip(pythons, keys)):
        cached = _read_cache(key) if use_cache else None
        if cached is not None:
            results[index] = ApiSurface.from_probe(python, cached, cached=True)
    pending = [i for i in range(len(pythons)) if i not in results]
    with tempfile.TemporaryDirectory(prefix="torchpatch-radar-") as scratch:
        names_file = Path(scratch, "names.json")
        names_file.write_text(json.dumps(names))
        running = {i: _start(pythons[i], names_file, budget_s, Path(scratch, f"{i}.json")) for i in pending}
        for index, (process, out_path) in running.items():
            data = _finish(pythons[index], process, out_path)
            if not data["skipped"]:
                _write_cache(keys[index], data)
            results[index] = ApiSurface.from_probe(pythons[index], data)
    return [results[i] for i in range(len(pythons))]


def _start(python: str, names_file: Path, budget_s: float, out_path: Path):
    command = [python, str(PROBE), "--budget", str(budget_s), "--names", str(names_file)]
    try:
        with open(out_path, "wb") as out:
            process = subprocess.Popen(command, stdout=out, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    except OSError as exc:
        raise TorchpatchError(f"cannot run {python}: {exc}; pass an interpreter that has torch installed") from None
    return process, out_path


def _finish(python: str, process: subprocess.Popen, out_path: Path) -> dict:
    try:
        _, stderr = process.communicate(timeout=WALL_LIMIT_S)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        raise TorchpatchError(f"collecting the API of {python} took over {WALL_LIMIT_S} s; "
                              "lower --budget or retry on a less busy machine") from None
    try:
        return json.loads(out_path.read_text())
    except ValueError:
        tail = stderr.decode(errors="replace").strip()[-800:]
        raise TorchpatchError(f"collecting the API of {python} failed (exit {process.returncode}):\n{tail}") from None


def _probe_digest() -> str:
    digest = hashlib.sha256()
    for path in sorted(PROBE_DIR.glob("probe_*.py")):
        digest.update(path.read_bytes())
    return digest.hexdigest()


def _cache_key(python: str, names: list[str], budget_s: float) -> str:
    build = inspect_build(python)
    payload = [CACHE_VERSION, os.path.realpath(python), build.torch, build.git_version, build.python,
               _probe_digest(), names, budget_s]
    return hashlib.sha256(json.dumps(payload).encode()).hexdigest()[:32]


def _cache_path(key: str) -> Path:
    return home_dir() / "radar" / f"{key}.json"


def _read_cache(key: str) -> dict | None:
    try:
        return json.loads(_cache_path(key).read_text())
    except (OSError, ValueError):
        return None


def _write_cache(key: str, data: dict) -> None:
    path = _cache_path(key)
    path.parent.mkdir(parents=True, exist_ok=True)
    scratch = path.with_suffix(".tmp")
    scratch.write_text(json.dumps(data))
    os.replace(scratch, path)
