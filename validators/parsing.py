"""Parse Python source in one place, one parse at a time.

CPython 3.11's ``ast.parse`` fails at random when several threads parse at once
("SystemError: AST constructor recursion depth mismatch"): the HTTP server checks code in
its thread pool (``POST /check``, MCP ``check_code``, the web check) and the validator asks
from several worker threads. Every parse in this package goes through :func:`parse_python`.
"""

from __future__ import annotations

import ast
import threading

_PARSE_LOCK = threading.Lock()


def parse_python(code: str, filename: str = "<unknown>") -> ast.Module:
    with _PARSE_LOCK:
        return ast.parse(code, filename=filename)


def parse_expression(code: str) -> ast.expr:
    """One expression (a string annotation, say), under the same lock."""
    with _PARSE_LOCK:
        return ast.parse(code, mode="eval").body
