"""Names a project sets on torch modules itself (``torch.nn.functional.gelu = ...``, ``setattr(F, "swish", f)``).

The name rules report ``F.Variable`` or ``torch.nn.loss`` because no build binds the name; a project that binds it
first, in any of its files, makes the read work. Only asked for a name about to be reported, so the scan is a text
search of the project's files, cached per folder and name.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache

from .project import project_root

_ROOTS: dict[str, str | None] = {}
_MOST_FILES = 5000  # a folder holding more is not a project (a home or temporary folder): nothing is assumed
# the receivers a torch module goes by: torch.x.y itself or its usual import names
_RECEIVER = r"\b(?:torch(?:\.\w+)*|F|nn|functional|init|optim|distributed|dist)"


def project_sets(filename: str, name: str) -> bool:
    """Whether some Python file of ``filename``'s project assigns ``name`` on a torch module."""
    folder = project_folder(filename)
    return folder is not None and _folder_sets(folder, name)


def project_folder(filename: str | None) -> str | None:
    """The folder whose Python files the project-wide text searches read for ``filename``: its sub-project's root
    (project.project_root), else its outermost package's folder; None for source passed as text (nothing beside it)."""
    if not filename or not os.path.isfile(filename):
        return None
    return project_root(filename, _ROOTS) or package_top(filename)


def package_top(filename: str) -> str:
    """The folder holding the outermost package around ``filename`` (the file's own folder when it is in none)."""
    folder = os.path.dirname(os.path.abspath(filename))
    while os.path.isfile(os.path.join(folder, "__init__.py")) and os.path.dirname(folder) != folder:
        folder = os.path.dirname(folder)
    return folder


@lru_cache(maxsize=256)
def _folder_sets(folder: str, name: str) -> bool:
    stored = re.compile(rf"{_RECEIVER}\.{re.escape(name)}\s*=(?!=)|"
                        rf"setattr\(\s*{_RECEIVER}\s*,\s*['\"]{re.escape(name)}['\"]")
    return any(text is not None and stored.search(text) for text in python_texts(folder))


def python_texts(folder: str):
    """The text of each Python file under ``folder`` (hidden folders and caches aside); a final None when the folder
    holds more than _MOST_FILES of them (a home or temporary folder, not a project: the caller assumes nothing)."""
    return (text for _, text in python_files_texts(folder))


def python_files_texts(folder: str):
    """(absolute path, text) of each file :func:`python_texts` reads, and the same final (None, None)."""
    seen = 0
    for top, dirs, files in os.walk(folder):
        dirs[:] = [d for d in dirs if not d.startswith(".") and d not in ("node_modules", "__pycache__")]
        for file in files:
            if not file.endswith(".py"):
                continue
            seen += 1
            if seen > _MOST_FILES:
                yield None, None
                return
            path = os.path.abspath(os.path.join(top, file))
            try:
                with open(path, encoding="utf-8", errors="replace") as handle:
                    yield path, handle.read()
            except OSError:
                continue
