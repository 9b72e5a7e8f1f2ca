"""The pin written in torchpatch.validators.pin is the one pyproject.toml and the installed metadata declare."""

from __future__ import annotations

import re
import tomllib
from importlib import metadata
from pathlib import Path

from torchpatch.validators.pin import is_pinned, pinned_torch

ROOT = Path(__file__).resolve().parents[1]
PIN = re.compile(r"^torch\s*==\s*([\w.+]+)")


def _pins(requirements) -> list[str]:
    return [match[1] for requirement in requirements if (match := PIN.match(requirement))]


def test_pin_matches_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert _pins(project["optional-dependencies"]["validate"]) == [pinned_torch()]


def test_pin_matches_installed_metadata():
    assert _pins(metadata.requires("pytorch-knowledge-patch") or []) == [pinned_torch()]


def test_local_build_tags_are_the_pinned_release():
    assert is_pinned(f"{pinned_torch()}+cu132") and is_pinned(pinned_torch())
    assert not is_pinned("2.13.0")
