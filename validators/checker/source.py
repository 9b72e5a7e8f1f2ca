"""Turn a file into checkable text the way Python itself would read it, or say why it cannot be.

Python reads a source file as UTF-8 unless a PEP 263 ``# -*- coding: ... -*-`` line in the first
two lines says otherwise, and drops a UTF-8 byte-order mark; ``tokenize.detect_encoding`` is that
exact rule. Every failure is an :class:`Unreadable` with a one-line reason, never a traceback.
"""

from __future__ import annotations

import codecs
import io
import os
import re
import stat
import ast
import tokenize
from pathlib import Path

from ..parsing import parse_python
from .keywordpaths import positional_paths

MAX_SOURCE_BYTES = 1_000_000  # about 25,000 lines: far beyond one file an agent writes


class Unreadable(Exception):
    """A file that cannot be checked; ``str()`` is the reason."""


def read_source(path: Path) -> str:
    """The decoded text of ``path``; Unreadable for loops, non-files, huge files and bad encodings."""
    try:
        info = os.stat(path)  # follows links: a link loop fails here with ELOOP
    except OSError as exc:
        raise Unreadable(_os_reason(exc)) from None
    if not stat.S_ISREG(info.st_mode):
        raise Unreadable("not a regular file")  # a FIFO or device would block or never end
    if info.st_size > MAX_SOURCE_BYTES:
        raise Unreadable(f"{info.st_size:,} bytes is over the checker's limit of {MAX_SOURCE_BYTES:,} bytes")
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise Unreadable(_os_reason(exc)) from None
    return decode_source(data)


def module_text(path: Path) -> str:
    """The text of a project module read for evidence (not one being checked): empty when it cannot be read, since
    a missing piece of evidence is no error of the checked file."""
    try:
        return read_source(path)
    except Unreadable:
        return ""


def parse_module_file(path: Path) -> ast.Module | None:
    """The syntax tree of a project module read for evidence (not one being checked): None when it
    cannot be read or parsed, since a missing piece of evidence is no error of the checked file."""
    try:
        text = read_source(path)
        return positional_paths(parse_python(text, str(path)), text)
    except (Unreadable, SyntaxError, ValueError, RecursionError, MemoryError):
        return None


# Codecs that only rewrite new syntax for old Pythons (asottile's future-fstrings and future-annotations, installed
# from a project's requirements): the text is UTF-8, and Python 3.7+ reads the syntax itself. (Text: re compiles
# it when first asked, for a file whose codec Python does not know.)
_BACKPORT_CODECS = rb"^[ \t\f]*#.*?coding[:=][ \t]*future[-_](?:fstrings|annotations)\b"


def source_encoding(data: bytes) -> str:
    """The codec Python reads ``data`` with (``tokenize.detect_encoding``), UTF-8 for a backport codec's text;
    SyntaxError for an unknown codec or a BOM with a non-UTF-8 cookie."""
    try:
        return tokenize.detect_encoding(io.BytesIO(data).readline)[0]
    except SyntaxError:
        if any(re.match(_BACKPORT_CODECS, line) for line in data.splitlines()[:2]):
            return "utf-8-sig" if data.startswith(codecs.BOM_UTF8) else "utf-8"
        raise


def decode_source(data: bytes) -> str:
    try:
        encoding = source_encoding(data)
    except SyntaxError as exc:  # unknown codec in the cookie, or a BOM with a non-UTF-8 cookie
        raise Unreadable(f"encoding declaration: {exc.msg if hasattr(exc, 'msg') else exc}") from None
    try:
        return data.decode(encoding)  # "utf-8-sig" when there is a BOM: it is dropped
    except UnicodeDecodeError as exc:
        declared = "UTF-8 (no coding declaration)" if encoding == "utf-8" else encoding
        raise Unreadable(f"not valid {declared} text: {exc.reason} at byte {exc.start}") from None


def _os_reason(exc: OSError) -> str:
    import errno

    if exc.errno == errno.ELOOP:
        return "symbolic link loop"
    return exc.strerror or type(exc).__name__
