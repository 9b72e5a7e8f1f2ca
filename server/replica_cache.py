"""A replica's own copy of the build it serves, when the index lives in object storage.

A server reading ``s3://...`` copies the current build (a few MB: rows, vectors) into its home once
per build and answers every query from that copy: queries never wait on the network, and a replica
that loses the store keeps answering from the last build it copied. The copy is a complete local
index (its own pointer and full-text index), written in a scratch folder and renamed into place, so
a copy interrupted half-way is never opened.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
from pathlib import Path

from torchpatch.validators.home import home_dir

KEEP_COPIES = 2  # the build served and the one before it


def is_remote(db_uri: str) -> bool:
    """Object storage (s3://, gs://, az://, ...) rather than a folder on this machine."""
    return "://" in db_uri and not db_uri.startswith("file://")


def copies_root(db_uri: str) -> Path:
    return home_dir() / "replicas" / hashlib.sha256(db_uri.encode()).hexdigest()[:16]


def local_copy(db_uri: str, source) -> str:
    """The local index holding ``source``'s build (a :class:`~.index.SectionIndex` on the store)."""
    from .index import copy_build

    root = copies_root(db_uri)
    target = root / source.build_id
    if not (target / "current.lance").exists():
        root.mkdir(parents=True, exist_ok=True)
        scratch = root / f".{source.build_id}.{os.getpid()}.partial"
        shutil.rmtree(scratch, ignore_errors=True)
        try:
            copy_build(source, str(scratch))
            try:
                os.rename(scratch, target)
            except OSError:  # another process of this home copied it first
                if not (target / "current.lance").exists():
                    raise
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
    _prune(root, keep=source.build_id)
    return str(target)


def _prune(root: Path, keep: str) -> None:
    copies = sorted((p for p in root.iterdir() if not p.name.startswith(".")), key=lambda p: p.stat().st_mtime)
    for old in [p for p in copies if p.name != keep][: max(0, len(copies) - KEEP_COPIES)]:
        with contextlib.suppress(OSError):
            shutil.rmtree(old)
