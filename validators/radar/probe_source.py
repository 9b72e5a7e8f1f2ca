"""Facts read from a function's source: does it always raise, does it warn of a deprecation.

Standard library only: ``probe_collect.py`` imports this inside the interpreter under
test, which has torch but not torchpatch.

A removed API often survives as a stub that raises (``torch.cholesky`` in 2.14):
``hasattr`` says it exists, the source says it is gone.
"""

from __future__ import annotations

import ast
import inspect
import linecache
import textwrap
import tokenize

DEPRECATION_CATEGORIES = ("DeprecationWarning", "FutureWarning", "PendingDeprecationWarning")
MESSAGE_LIMIT = 300

_FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef)
_INTERESTING = ("raise", "warn", "deprecat", "import")  # import: a body that hands over (see delegate)


def function_node(code) -> ast.AST | None:
    """The def node of a code object, parsed from its own lines only; None when there is nothing to find.

    Parsing whole files costs tens of seconds over torch; a function's lines cost microseconds,
    and most functions are skipped on a text check before any parsing.
    """
    filename = code.co_filename
    if not filename.endswith(".py"):
        return None
    lines = linecache.getlines(filename)
    first = code.co_firstlineno
    last = max((end for _, end, *_ in _positions(code) if end), default=first)
    block = lines[first - 1 : last]
    text = "".join(block)
    if not any(word in text for word in _INTERESTING):
        return None
    for candidate in (block, None):
        if candidate is None:  # the last instruction is not the last line (a nested def ends the body)
            try:
                candidate = inspect.getblock(lines[first - 1 :])
            except (SyntaxError, IndentationError, tokenize.TokenError):
                return None
        try:
            tree = ast.parse(textwrap.dedent("".join(candidate)))
        except SyntaxError:
            continue
        node = tree.body[0] if tree.body else None
        return node if isinstance(node, _FUNCS) else None
    return None


def _positions(code):
    if hasattr(code, "co_positions"):  # Python 3.11+: (line, end line, ...) of every instruction
        return code.co_positions()
    return ((line, line) for _, _, line in code.co_lines())


def always_raises(node) -> str | None:
    """The error message when the body raises at top level and never returns or yields, else None."""
    if not isinstance(node, _FUNCS):
        return None
    raise_stmt = next((stmt for stmt in node.body if isinstance(stmt, ast.Raise)), None)
    if raise_stmt is None or raise_stmt.exc is None:
        return None
    if any(isinstance(inner, (ast.Return, ast.Yield, ast.YieldFrom)) for inner in _walk_own(node)):
        return None
    if _is_not_implemented(raise_stmt.exc):  # abstract methods and interface stubs are not removals
        return None
    return _message(raise_stmt.exc) or "raises unconditionally"


def delegate(node) -> tuple[str, str, int] | None:
    """(module, name, level) when the body only imports a function and returns its call.

    ``Tensor.cholesky`` in 2.14 is ``from ._linalg_utils import cholesky; return cholesky(self)``:
    it raises because the function it hands over to does.
    """
    if not isinstance(node, _FUNCS):
        return None
    body = [stmt for stmt in node.body if not (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant))]
    if not body or not isinstance(body[-1], ast.Return) or not isinstance(body[-1].value, ast.Call):
        return None
    if not all(isinstance(stmt, ast.ImportFrom) for stmt in body[:-1]):
        return None
    called = body[-1].value.func
    for stmt in body[:-1]:
        for alias in stmt.names:
            if isinstance(called, ast.Name) and called.id == (alias.asname or alias.name):
                return stmt.module or "", alias.name, stmt.level
    return None


def deprecation(node) -> str | None:
    """The message of a deprecation warning the function issues (or its decorator declares), else None."""
    if node is None:
        return None
    for decorator in node.decorator_list:
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        if _dotted(target).split(".")[-1] == "deprecated":
            return (_message(decorator) if isinstance(decorator, ast.Call) else None) or "deprecated"
    for inner in _walk_own(node):
        if isinstance(inner, ast.Call) and _dotted(inner.func).split(".")[-1] in ("warn", "warn_once"):
            names = {_dotted(arg).split(".")[-1] for arg in (*inner.args, *(k.value for k in inner.keywords))}
            if names & set(DEPRECATION_CATEGORIES):
                return _message(inner) or "deprecated"
    return None


_DEPRECATION_WORDS = ("deprecat", "will be removed", "no longer", "removed in", "is removed", "was removed")


def deprecations(node) -> list[list[str]]:
    """Every deprecation or removal message the function can emit, as ``[category, text]`` pairs, in source order.

    A warning counts when its category is a deprecation category, or when its text says so
    (``warnings.warn("... is deprecated")`` defaults to UserWarning); ``@deprecated(...)``
    decorators count with their ``category=`` (DeprecationWarning when not given).
    """
    if node is None:
        return []
    found: list[list[str]] = []
    for decorator in node.decorator_list:
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        if _dotted(target).split(".")[-1] == "deprecated":
            category = _keyword(decorator, "category") if isinstance(decorator, ast.Call) else None
            message = _message(decorator) if isinstance(decorator, ast.Call) else None
            found.append([category or "DeprecationWarning", message or "deprecated"])
    calls = [inner for inner in _walk_own(node) if isinstance(inner, ast.Call)
             and _dotted(inner.func).split(".")[-1] in ("warn", "warn_once", "warn_deprecated")]
    for call in sorted(calls, key=lambda c: (c.lineno, c.col_offset)):  # _walk_own pops in reverse
        names = [_dotted(arg).split(".")[-1] for arg in (*call.args[1:], *(k.value for k in call.keywords))]
        category = next((n for n in names if n.endswith(("Warning", "Error"))), None)
        message = _message(call)
        wordy = bool(message) and any(word in message.lower() for word in _DEPRECATION_WORDS)
        if category in DEPRECATION_CATEGORIES or wordy:
            found.append([category or "UserWarning", message or "deprecated"])
    unique = []
    for pair in found:
        if pair not in unique:
            unique.append(pair)
    return unique


def _keyword(call: ast.Call, name: str) -> str | None:
    for keyword in call.keywords:
        if keyword.arg == name:
            return _dotted(keyword.value).split(".")[-1] or None
    return None


def _walk_own(func):
    """Nodes of a function body, not descending into nested functions, classes or lambdas."""
    stack = list(func.body)
    while stack:
        node = stack.pop()
        yield node
        if not isinstance(node, (*_FUNCS, ast.ClassDef, ast.Lambda)):
            stack.extend(ast.iter_child_nodes(node))


def _is_not_implemented(exc) -> bool:
    target = exc.func if isinstance(exc, ast.Call) else exc
    return _dotted(target) in ("NotImplementedError", "NotImplemented")


def _dotted(node) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return f"{_dotted(node.value)}.{node.attr}"
    return ""


def _message(node) -> str | None:
    """The message a raise/warn/deprecated call carries: its first argument rendered as text."""
    expr = node.args[0] if isinstance(node, ast.Call) and node.args else node
    text = _render(expr)
    if text is None:  # an odd shape (a variable, a `.format` call): settle for any literal inside
        text = next((n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)
                     and n.value.strip()), None)
    return _shorten(text) if text and text.strip() else None


def _render(expr) -> str | None:
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        return expr.value
    if isinstance(expr, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "{...}" for v in expr.values)
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Add):
        left, right = _render(expr.left), _render(expr.right)
        return (left or "") + (right or "") if left or right else None
    return None


def _shorten(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= MESSAGE_LIMIT else text[: MESSAGE_LIMIT - 3] + "..."
