"""Callables bound to a local name or attribute, so that rules on the callable see calls through it.

``self.FloatTensor = torch.cuda.FloatTensor if use_gpu else torch.FloatTensor`` and later
``self.FloatTensor(bs, nc, h, w)`` call the deprecated constructor without naming it at the call. The
walker asks :func:`find_aliases` once per file for such bindings: a module-level or function-level
``Name = <api>`` and a ``self.attr = <api>`` inside a class, where ``<api>`` is a torch callable with call
rules, or a conditional expression with one in either branch (either branch may be the one that runs).

A call through the alias in the same file (the same class for ``self.attr``) is reported once, at the
binding: that is where the deprecated name is written and where the fix goes, as a flagged import is
reported at the import and not again at each use.
"""

from __future__ import annotations

import ast
from typing import Callable

from .imports import nested_fields, statements


_BODIES = ("body", "orelse", "finalbody")
_BINDABLE = (ast.Attribute, ast.Name, ast.IfExp)  # what can name a callable; a call's result is something else


def callable_candidates(value: ast.expr) -> list[ast.expr]:
    """The expressions a binding may hold: both branches of ``a if c else b``, else the value itself."""
    if isinstance(value, ast.IfExp):
        return [*callable_candidates(value.body), *callable_candidates(value.orelse)]
    return [value]


def find_aliases(tree: ast.AST, resolve: Callable[[ast.AST], str | None], known: Callable[[str], bool],
                 runs: Callable[[ast.expr], bool | None] = lambda test: None,
                 ) -> dict[tuple[str, str], list[tuple[ast.expr, str]]]:
    """``(owner, name) -> [(node naming the api, api), ...]``: owner is the class name for ``self.attr``
    bindings in its methods, ``""`` for plain names. A name bound more than once to different things is
    left out (which one a call sees is unknown), unless every binding names a ruled callable.

    ``runs(test)``: whether an ``if`` test is true on the target (a version check), or None. Only the branch
    that runs there binds: ``if torch.__version__ >= "1.3": self.f = partial(F.grid_sample, align_corners=True)
    else: self.f = F.grid_sample`` never binds the bare callable on the target."""
    found: dict[tuple[str, str], list[tuple[ast.expr, str]]] = {}
    other: set[tuple[str, str]] = set()

    def visit(statements: list, owner: str) -> None:  # statements only: bindings are never inside expressions
        for child in statements:
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and not owner:
                # ``try: fft = torch.fft ... except AttributeError: def fft(...)``: the name is also the
                # file's own function, so which one a call sees is unknown (as for two assignments)
                other.add(("", child.name))
            if isinstance(child, ast.ClassDef):
                visit(child.body, child.name)
                continue
            if isinstance(child, ast.Assign):
                if (len(child.targets) == 1 and isinstance(child.value, _BINDABLE)
                        and (key := _key(child.targets[0], owner)) is not None):
                    named = [(c, api) for c in callable_candidates(child.value)
                             if (api := resolve(c)) is not None and known(api)]
                    if named:
                        found.setdefault(key, []).extend(named)
                    else:
                        other.add(key)
                continue
            if isinstance(child, ast.If) and not _binds_any(child):
                continue  # no binding inside, whichever branch runs: the test need not be read (it costs)
            if isinstance(child, ast.If) and (taken := runs(child.test)) is not None:
                visit(child.body if taken else child.orelse, owner)
                continue
            if not nested_fields(child):
                continue  # most statements hold no statements: no need to ask for each field
            for field in _BODIES:
                inner = getattr(child, field, None)
                if inner:
                    visit(inner, owner)
            for handler in getattr(child, "handlers", ()):
                visit(handler.body, owner)
            for case in getattr(child, "cases", ()):
                visit(case.body, owner)

    visit(getattr(tree, "body", []), "")
    del visit  # a recursive closure is a reference cycle: left alive it would hold `resolve`'s walker and its tree
    return {key: named for key, named in found.items() if key not in other}


def _binds_any(node: ast.If) -> bool:
    """Whether any statement under ``node`` is an assignment :func:`find_aliases` looks at (ruled or not)."""
    return any(isinstance(child, ast.Assign) and len(child.targets) == 1 and isinstance(child.value, _BINDABLE)
               for child in statements(node))


def _key(target: ast.AST, owner: str) -> tuple[str, str] | None:
    if isinstance(target, ast.Name):
        return ("", target.id)
    if (isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self"
            and owner):
        return (owner, target.attr)
    return None


def alias_key(func: ast.AST, owner: str) -> tuple[str, str] | None:
    """The alias a call's function would be: ``f(...)`` or, inside class ``owner``, ``self.f(...)``."""
    return _key(func, owner)
