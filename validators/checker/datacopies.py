"""The checker's large shipped JSON (gone-names.json, torch-surface.json: 2 MB), read through a copy in
marshal's format under ``$TORCHPATCH_HOME``.

Decoding that JSON cost about 55 M instructions in every check that reads a torch import, an eighth of a
check's start-up; ``marshal.loads`` builds the same dicts and strings in about 40% of that. A copy is keyed
by the file's path, size and modification time and marshal's version; one that is stale, unreadable or
cannot be written is not used, and the JSON is read as before.
"""

from __future__ import annotations

import json
import marshal
import zlib
from pathlib import Path


def read_json(path: Path):
    """The JSON value in ``path`` (OSError, ValueError as ``json.loads(path.read_text())`` raises them)."""
    stat = path.stat()
    key = f"{path.resolve()} {stat.st_size} {stat.st_mtime_ns} {marshal.version}"
    try:
        copy = _copy_path(key)
    except OSError:  # no home to keep a copy in (a read-only one): the JSON itself
        return json.loads(path.read_text(encoding="utf-8"))
    try:
        stored_key, data = marshal.loads(copy.read_bytes())
        if stored_key == key:
            return data
    except (OSError, EOFError, ValueError, TypeError):  # absent, or truncated by a run that died writing it
        pass
    data = json.loads(path.read_text(encoding="utf-8"))
    try:
        copy.parent.mkdir(parents=True, exist_ok=True)
        temporary = copy.with_suffix(".tmp")
        temporary.write_bytes(marshal.dumps((key, data)))
        temporary.replace(copy)  # whole or not at all: a parallel run never reads half a file
    except OSError:
        pass
    return data


def _copy_path(key: str) -> Path:
    """The copy's file: named by a checksum of the key, which the file repeats whole (a clash only misses)."""
    from ..home import home_dir

    return home_dir() / "checker" / f"data-{zlib.crc32(key.encode()):08x}.marshal"
