"""Assemble the servers from configuration: one engine, the skill text, the transports."""

from __future__ import annotations

import sys
from pathlib import Path

from torchpatch.validators.errors import IndexUnavailable

from .http_app import create_app
from .mcp_server import build_mcp_server
from .search import SearchEngine

SKILL_MD = Path(__file__).resolve().parent.parent / "skill" / "SKILL.md"


def _skill_md() -> str | None:
    return SKILL_MD.read_text(encoding="utf-8") if SKILL_MD.exists() else None


def create_stdio_server(db_uri: str | None = None, references: Path | None = None):
    engine = SearchEngine(db_uri, references)
    engine.reference_names()  # open (or build) the index before the first request, not during it
    return build_mcp_server(engine, _skill_md())


def create_server_app(db_uri: str | None = None, references: Path | None = None, access=None):
    engine = SearchEngine(db_uri, references)
    try:
        engine.reference_names()  # open (or build) the index before the first request
    except IndexUnavailable as exc:
        if not engine.remote:
            raise
        # A replica may start before the index job has published a build: it answers 503 until then.
        print(f"torchpatch: {exc}", file=sys.stderr)
    return create_app(engine, _skill_md(), access)
