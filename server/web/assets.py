"""The page's CSS and JS, served from memory under content-hashed URLs so browsers cache them for good."""

from __future__ import annotations

import functools
import hashlib
from dataclasses import dataclass
from pathlib import Path

from .highlight import stylesheet

STATIC = Path(__file__).resolve().parent / "static"
MEDIA_TYPES = {".css": "text/css; charset=utf-8", ".js": "text/javascript; charset=utf-8"}
CACHE_FOREVER = {"Cache-Control": "public, max-age=31536000, immutable"}


@dataclass(frozen=True)
class Asset:
    body: bytes
    media_type: str
    digest: str


@functools.cache
def assets() -> dict[str, Asset]:
    files = {path.name: path.read_bytes() for path in STATIC.iterdir() if path.suffix in MEDIA_TYPES}
    files["pygments.css"] = stylesheet().encode()
    return {name: Asset(body, MEDIA_TYPES[Path(name).suffix], hashlib.sha256(body).hexdigest()[:12])
            for name, body in files.items()}


def asset_url(name: str) -> str:
    return f"/static/{name}?v={assets()[name].digest}"
