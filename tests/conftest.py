"""Shared fixtures: an isolated torchpatch home, and paths to the sample references."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

SAMPLES = Path(__file__).parent / "samples"
REPO = Path(__file__).resolve().parent.parent
OLD_TORCH_PYTHON = REPO / ".venv-2.13" / "bin" / "python"


@pytest.fixture(scope="session", autouse=True)
def torchpatch_home(tmp_path_factory) -> Path:
    """Every test run gets its own home: caches and indexes never leak between runs."""
    home = tmp_path_factory.mktemp("torchpatch-home")
    os.environ["TORCHPATCH_HOME"] = str(home)
    return home


@pytest.fixture
def fresh_home(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("TORCHPATCH_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture(scope="session")
def samples() -> Path:
    return SAMPLES


@pytest.fixture(scope="session")
def current_python() -> str:
    return sys.executable


@pytest.fixture(scope="session")
def search_refs() -> Path:
    return SAMPLES / "search"


@pytest.fixture(scope="session")
def search_db(tmp_path_factory, search_refs) -> str:
    """A small real LanceDB index of the sample references, built once per test session."""
    from torchpatch.server.index import build_index

    uri = str(tmp_path_factory.mktemp("index") / "db")
    build_index(search_refs, uri)
    return uri


@pytest.fixture(scope="session")
def engine(search_db, search_refs):
    from torchpatch.server.search import SearchEngine

    return SearchEngine(search_db, search_refs)
