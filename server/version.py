"""The installed package's version: one source (pyproject.toml), read from the distribution's metadata."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

DISTRIBUTION = "pytorch-knowledge-patch"


def package_version() -> str:
    """The version installed; "0+unknown" for a source tree imported without being installed."""
    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:
        return "0+unknown"
