"""A load that the code expects to import a module: what it reads pickles classes.

Unpickling imports the module of every class a pickle names (a GLOBAL opcode), and nothing else in ``torch.load``
imports anything. So a load alone in a ``try`` whose handler catches ``ModuleNotFoundError`` or ``ImportError``
(ParlAI's fairseq converter: "Please install fairseq") reads a file holding instances of some library's classes,
which ``weights_only=True`` refuses ("Unsupported global", the default since torch 2.6).
"""

from __future__ import annotations

import ast

from .imports import dotted_name

_IMPORT_ERRORS = frozenset({"ModuleNotFoundError", "ImportError"})


def _catches_import_error(handler: ast.ExceptHandler) -> bool:
    caught = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any((dotted_name(name) or "").rsplit(".", 1)[-1] in _IMPORT_ERRORS for name in caught if name is not None)


def load_expecting_import(node: ast.Try) -> ast.Call | None:
    """The call a one-statement ``try`` body makes (``state = f(...)``, ``return f(...)``) when a handler catches an
    import error; the caller checks that it is ``torch.load``."""
    if len(node.body) != 1 or not any(_catches_import_error(handler) for handler in node.handlers):
        return None
    statement = node.body[0]
    value = statement.value if isinstance(statement, (ast.Assign, ast.AnnAssign, ast.Return, ast.Expr)) else None
    return value if isinstance(value, ast.Call) else None
