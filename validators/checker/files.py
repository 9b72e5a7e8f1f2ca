"""Which files a path names: a file itself, or the ``*.py`` files under a folder.

Folders are walked without following symbolic links to folders (a link back up the tree
would never end); hidden folders (``.venv``, ``.git``), installed packages and ``--exclude``
globs are skipped. Paths that do not exist come back as problems, not exceptions.
"""

from __future__ import annotations

import fnmatch
import os
from pathlib import Path
from typing import Iterable, Iterator

_SKIPPED_FOLDERS = {"site-packages", "node_modules", "__pycache__"}


def python_files(paths: Iterable[str | Path], exclude: Iterable[str] = ()) -> Iterator[tuple[Path, str | None]]:
    """``(path, None)`` for each file to check, ``(path, reason)`` for a path that names nothing."""
    exclude = tuple(exclude)
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            yield from ((f, None) for f in _walk(path, exclude))
        elif path.is_file() or (path.is_symlink() and not path.exists()):
            if not _excluded(path, exclude):
                yield path, None  # a dangling link or a loop: reading it says which
        else:
            yield path, "no such file or folder"


def _walk(root: Path, exclude: tuple[str, ...]) -> list[Path]:
    found = []
    for folder, dirs, files in os.walk(root, onerror=None, followlinks=False):
        dirs[:] = sorted(d for d in dirs if not (d.startswith(".") or d in _SKIPPED_FOLDERS
                                                  or _excluded(Path(folder, d), exclude)))
        found.extend(Path(folder, name) for name in files
                     if name.endswith(".py") and not _excluded(Path(folder, name), exclude))
    return sorted(found)


def _excluded(path: Path, patterns: tuple[str, ...]) -> bool:
    text = path.as_posix()
    return any(fnmatch.fnmatch(text, p) or fnmatch.fnmatch(path.name, p) or fnmatch.fnmatch(text, f"*/{p}")
               for p in patterns)
