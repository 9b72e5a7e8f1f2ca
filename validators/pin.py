"""The pinned torch build: the ``torch==X`` requirement of pyproject.toml's ``validate`` extra.

The version is written here as well, because reading it back from the installed package's metadata
(``importlib.metadata``) cost a one-file ``torchpatch check`` a third of its run: the metadata import
and a scan of every distribution in the environment. tests/test_pin.py keeps the two equal.
"""

from __future__ import annotations

PINNED_TORCH = "2.15.0"


def pinned_torch() -> str:
    return PINNED_TORCH


def is_pinned(version: str) -> bool:
    """True when ``version`` (``2.15.0+cu132``) is the pinned release, whatever its local build tag."""
    return version.split("+")[0] == pinned_torch()
