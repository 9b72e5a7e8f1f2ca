"""Top-level packages that the torch wheels shipped beside ``torch`` and no longer do.

``caffe2`` (``from caffe2.python import core, workspace``) came with every torch wheel up to 1.13; the
builds that followed leave it out, so such an import is a ModuleNotFoundError on the target. A rule of
kind ``name`` whose ``api`` is one of these packages reports the first import of it in a file that is
not behind ``try/except ImportError`` or a version check (later imports fail no differently), and stays
quiet in a tree that carries the package itself: a ``caffe2`` folder or ``caffe2.py`` beside the file
or in a folder above it (the pytorch sources, a vendored copy).
"""

from __future__ import annotations

import ast
import os
import re
from functools import lru_cache

from .imports import dotted_name

SHIPPED_PACKAGES = frozenset({"caffe2"})


def shipped_package(module: str) -> str | None:
    """The former torch-wheel package that ``module`` (``caffe2.python.core``) lies in, or None."""
    package = module.partition(".")[0]
    return package if package in SHIPPED_PACKAGES else None


# `self._check_caffe2_blob(values)` (torch 1's SummaryWriter), `is_caffe2_available()`: a check for the package's data
# or presence, false where the package is missing
_PACKAGE_CHECK = re.compile(r"(?i)(%s).*(blob|avail)" % "|".join(SHIPPED_PACKAGES))


def checked_package(test: ast.expr) -> str | None:
    """The former torch-wheel package a call ``test`` checks the data or presence of, or None: the branch it
    guards runs only where the package is installed (a caffe2 blob name exists only in a caffe2 workspace)."""
    name = dotted_name(test.func) if isinstance(test, ast.Call) else None
    match = _PACKAGE_CHECK.search(name.rsplit(".", 1)[-1]) if name else None
    return match.group(1).lower() if match else None


def names_shipped_package(code: str) -> bool:
    """Whether a source text names one of the packages at all: files that name neither it nor torch are
    not walked."""
    return any(package in code for package in SHIPPED_PACKAGES)


def tree_has_package(filename: str, package: str) -> bool:
    """Whether a folder holding ``filename``, or one above it, has ``package`` as a folder or a module."""
    if not os.path.isfile(filename):
        return False  # source passed as text: nothing beside it
    return _has_package(os.path.dirname(os.path.abspath(filename)), package)


@lru_cache(maxsize=4096)
def _has_package(folder: str, package: str) -> bool:
    if os.path.isdir(os.path.join(folder, package)) or os.path.isfile(os.path.join(folder, package + ".py")):
        return True
    parent = os.path.dirname(folder)
    return parent != folder and _has_package(parent, package)
