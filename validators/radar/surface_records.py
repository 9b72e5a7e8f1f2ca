"""The stored surface records (``surfaces/torch-2.X.json``): making one from a build, reading them back.

One file per torch minor release, made by ``probe_surface.py`` under that build's interpreter
(``torchpatch surface record --python PATH``). Reading a record gives the same ``ApiSurface`` the
live radar collects, so the radar's diff runs on stored records without any torch build.
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from pathlib import Path

from ..errors import InvalidInput, NotFound, TorchpatchError
from ..markdown import Version
from .probe_record import RECORD_FORMAT, decode_param
from .surface import ApiSurface

PROBE_DIR = Path(__file__).parent
PROBE = PROBE_DIR / "probe_surface.py"
RECORDS_DIR = PROBE_DIR / "surfaces"
WALL_LIMIT_S = 1200
_ABSENT = "ModuleNotFoundError"  # a listed module the build does not have yet: its names are absent, not unknown


def record_name(version: str) -> str:
    """``torch-2.9.json`` for 2.9.1: one record per minor release, its latest patch."""
    parsed = Version.parse(version.split("+")[0])
    return f"torch-{parsed.major}.{parsed.minor}.json"


def record_build(python: str, folder: str | Path = RECORDS_DIR) -> Path:
    """Probe the build behind ``python`` and write its record into folder; returns the file written."""
    folder = Path(folder)
    with tempfile.TemporaryDirectory(prefix="torchpatch-surface-") as scratch:
        out = Path(scratch, "record.json")
        try:
            done = subprocess.run([python, str(PROBE), str(out)], stdin=subprocess.DEVNULL, capture_output=True,
                                  timeout=WALL_LIMIT_S)
        except OSError as exc:
            raise TorchpatchError(f"cannot run {python}: {exc}; pass an interpreter that has torch installed") from None
        except subprocess.TimeoutExpired:
            raise TorchpatchError(f"recording the surface of {python} took over {WALL_LIMIT_S} s") from None
        if done.returncode != 0 or not out.exists():
            tail = done.stderr.decode(errors="replace").strip()[-800:]
            raise TorchpatchError(f"recording the surface of {python} failed (exit {done.returncode}):\n{tail}")
        record = json.loads(out.read_text(encoding="utf-8"))
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / record_name(record["torch"])
        os.replace(out, target) if out.stat().st_dev == folder.stat().st_dev else target.write_bytes(out.read_bytes())
    return target


def read_record(path: str | Path) -> ApiSurface:
    """A stored record as the ApiSurface the radar's diff takes."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError:
        raise NotFound(f"no surface record {path}") from None
    except ValueError as exc:
        raise InvalidInput(f"{path}: not valid JSON: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT or not isinstance(data.get("apis"), dict):
        raise InvalidInput(f"{path}: not a surface record (format {RECORD_FORMAT} with `apis`)")
    states = data["modules"]
    present = {name for name, state in states.items() if state == "ok"}
    failed = {name: state for name, state in states.items() if state != "ok" and not state.startswith(_ABSENT)}
    apis = {}
    for api, entry in data["apis"].items():
        entry = dict(entry)
        entry["module"] = _owner(api, present) or api
        if "params" in entry:
            entry["params"] = [decode_param(token) for token in entry["params"]]
        apis[api] = entry
    return ApiSurface(python=str(path), version=data["torch"], apis=apis, modules=frozenset(present), failed=failed)


def read_records(folder: str | Path = RECORDS_DIR) -> list[ApiSurface]:
    """Every record in folder, oldest build first."""
    files = sorted(Path(folder).glob("torch-*.json"))
    if not files:
        raise NotFound(f"no surface records (torch-*.json) in {folder}")
    records = [read_record(path) for path in files]
    return sorted(records, key=lambda record: Version.parse(record.version))


def _owner(path: str, modules: set[str]) -> str | None:
    """The listed module a path was found in: the longest listed prefix (a module's own entry: itself)."""
    parts = path.split(".")
    for cut in range(len(parts), 0, -1):
        if ".".join(parts[:cut]) in modules:
            return ".".join(parts[:cut])
    return None
