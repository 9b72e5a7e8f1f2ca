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

from .imports import nested_fields, statements, walk_nodes, walk_tree


_BODIES = ("body", "orelse", "finalbody")
_BINDABLE = (ast.Attribute, ast.Name, ast.IfExp)  # what can name a callable; a call's result is something else
_DEFINITIONS = frozenset({ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef})


def callable_candidates(value: ast.expr) -> list[ast.expr]:
    """The expressions a binding may hold: both branches of ``a if c else b``, else the value itself."""
    if isinstance(value, ast.IfExp):
        return [*callable_candidates(value.body), *callable_candidates(value.orelse)]
    return [value]


def find_aliases(tree: ast.AST, resolve: Callable[[ast.AST], str | None], known: Callable[[str], bool],
                 runs: Callable[[ast.expr], bool | None] = lambda test: None,
                 scopes: dict[int, int] | None = None,
                 held: dict[str, dict[str, list[str]]] | None = None) -> dict[tuple[str, str], list[tuple[ast.expr, str]]]:
    """``(owner, name) -> [(node naming the api, api), ...]``: owner is the class name for ``self.attr``
    bindings in its methods, ``""`` for plain names. A name bound more than once to different things is
    left out (which one a call sees is unknown), unless every binding names a ruled callable.

    ``runs(test)``: whether an ``if`` test is true on the target (a version check), or None. Only the branch
    that runs there binds: ``if torch.__version__ >= "1.3": self.f = partial(F.grid_sample, align_corners=True)
    else: self.f = F.grid_sample`` never binds the bare callable on the target.

    ``scopes``, when given, gets id(node naming the api) -> id() of the function or class whose body binds it
    (0 for the module), so that a call through a plain name sees only the bindings of its own scopes.

    ``held``, when given, gets class name -> attribute -> the torch names (no ruled callable) that a
    ``self.attr = <torch name>`` in its methods or an ``attr = <torch name>`` in its body binds: the candidates
    of :func:`held_torch_names`, which checks that nothing else binds them."""
    found: dict[tuple[str, str], list[tuple[ast.expr, str]]] = {}
    other: set[tuple[str, str]] = set()
    fallbacks: set[int] = set()  # id()s of the other branch's binding of an if/else pair (see _branch_pairs)

    def visit(statements: list, owner: str, scope: int = 0, body: bool = False) -> None:  # never inside expressions
        for child in statements:
            kind = child.__class__  # exact classes: this runs for every statement of every file
            if kind in _DEFINITIONS and not owner:
                # ``try: fft = torch.fft ... except AttributeError: def fft(...)``: the name is also the
                # file's own function, so which one a call sees is unknown (as for two assignments)
                other.add(("", child.name))
            if kind is ast.ClassDef:
                visit(child.body, child.name, id(child), True)
                continue
            if kind is ast.Assign:
                if (len(child.targets) == 1 and isinstance(child.value, _BINDABLE)
                        and (key := _key(child.targets[0], owner)) is not None):
                    named = [(c, api) for c in callable_candidates(child.value)
                             if (api := resolve(c)) is not None and known(api)]
                    if not named and child.value.__class__ is ast.Name and key[0] == owner == "" \
                            and child.value.id != key[1]:
                        named = found.get(("", child.value.id), [])  # Tensor = FloatTensor: the same binding
                    if named:
                        found.setdefault(key, []).extend(named)
                        if scopes is not None:
                            scopes.update((id(node), scope) for node, _ in named)
                    elif id(child) not in fallbacks:
                        other.add(key)
                    if not named and held is not None and owner and (key[0] or body) and (
                            name := _held_value(child.value, resolve)) is not None:
                        held.setdefault(owner, {}).setdefault(key[1], []).append(name)
                continue
            if kind is ast.If:
                if not _binds_any(child):
                    continue  # no binding inside, whichever branch runs: the test need not be read (it costs)
                if (taken := runs(child.test)) is not None:
                    visit(child.body if taken else child.orelse, owner, scope)
                    continue
                if child.orelse:
                    fallbacks.update(_branch_pairs(child, owner, resolve, known))
            if not nested_fields(child):
                continue  # most statements hold no statements: no need to ask for each field
            inner_scope = id(child) if kind is ast.FunctionDef or kind is ast.AsyncFunctionDef else scope
            for field in _BODIES:
                inner = getattr(child, field, None)
                if inner:
                    visit(inner, owner, inner_scope)
            for handler in getattr(child, "handlers", ()):
                visit(handler.body, owner, scope)
            for case in getattr(child, "cases", ()):
                visit(case.body, owner, scope)

    visit(getattr(tree, "body", []), "")
    del visit  # a recursive closure is a reference cycle: left alive it would hold `resolve`'s walker and its tree
    return {key: named for key, named in found.items() if key not in other}


def _held_value(value: ast.expr, resolve) -> str | tuple[str, ...] | None:
    """The torch name ``value`` is, or both of ``torch.cuda if cuda else torch`` (a choice the reader settles per use)."""
    if isinstance(value, ast.IfExp):
        branches = (resolve(value.body), resolve(value.orelse))
        return branches if None not in branches and len(set(branches)) == 2 else None
    return resolve(value)


def held_torch_names(tree: ast.AST, candidates: dict[str, dict[str, list]]) -> dict[str, dict[str, str | tuple[str, ...]]]:
    """Class name -> attribute -> the torch module or name it holds, for ``self.tt = torch.cuda`` (in a method)
    or ``tt = torch.cuda`` (in the class body) where that is the attribute's only value in the class: every
    ``self.tt`` the class stores (any target form, any method) and every binding of ``tt`` in its body is such an
    assignment of the same name (``candidates``, from :func:`find_aliases`). ``self.tt.FloatTensor(n)`` then
    reads ``torch.cuda.FloatTensor(n)``; two values given in turn (``if cuda: self.tt = torch.cuda / else: self.tt =
    torch``) are a choice, as ``torch.cuda if cuda else torch`` is. A class defined twice in the file is left out (which
    one runs is unknown), as is an attribute some store of the class gives a third value."""
    held: dict[str, dict[str, str]] = {}
    seen: set[str] = set()
    for node in walk_tree(tree):
        if not isinstance(node, ast.ClassDef):
            continue
        if node.name in seen:
            held.pop(node.name, None)
            continue
        seen.add(node.name)
        named = {attr: chosen for attr, names in candidates.get(node.name, {}).items()
                 if (chosen := _one_or_choice(names)) is not None}
        if not named:
            continue
        stores: dict[str, int] = {}
        for child in walk_nodes(node):
            if (isinstance(child, ast.Attribute) and child.ctx.__class__ is not ast.Load
                    and isinstance(child.value, ast.Name) and child.value.id == "self" and child.attr in named):
                stores[child.attr] = stores.get(child.attr, 0) + 1
        body: dict[str, int] = {}
        for statement in node.body:
            for target in _bound_in_body(statement):
                if target in named:
                    body[target] = body.get(target, 0) + 1
        kept = {attr: name for attr, name in named.items()  # each binding is one of the recorded assignments
                if stores.get(attr, 0) + body.get(attr, 0) == len(candidates[node.name][attr])}
        if kept:
            held[node.name] = kept
    return held


def _one_or_choice(names: list) -> str | tuple[str, ...] | None:
    """The one torch name every binding gives, or both of two (``if cuda: self.tt = torch.cuda / else: self.tt =
    torch``, read like ``torch.cuda if cuda else torch``); None otherwise."""
    distinct = list(dict.fromkeys(names))
    if len(distinct) == 1:
        return distinct[0]
    if len(distinct) == 2 and all(isinstance(name, str) for name in distinct):
        return tuple(distinct)
    return None


def _bound_in_body(statement: ast.stmt):
    """Names a class-body statement binds (an assignment's names, a def's or nested class's name)."""
    if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        yield statement.name
        return
    for child in walk_nodes(statement):
        if isinstance(child, ast.Name) and child.ctx.__class__ is ast.Store:
            yield child.id


def _branch_pairs(node: ast.If, owner: str, resolve: Callable[[ast.AST], str | None],
                  known: Callable[[str], bool]) -> set[int]:
    """``if x.is_cuda: dtype = torch.cuda.FloatTensor else: dtype = torch.FloatTensor``: the statement form of
    ``a if c else b``. The id()s of the bindings, in one branch, of a key the other branch binds to a ruled
    callable, when they name a callable too (a resolved name): such a binding does not hide the alias."""
    def direct(branch: list) -> dict[tuple[str, str], list[ast.Assign]]:
        bound: dict[tuple[str, str], list[ast.Assign]] = {}
        for statement in branch:
            if (isinstance(statement, ast.Assign) and len(statement.targets) == 1
                    and isinstance(statement.value, _BINDABLE) and (key := _key(statement.targets[0], owner))):
                bound.setdefault(key, []).append(statement)
        return bound

    def ruled(assign: ast.Assign) -> bool:
        return any((api := resolve(c)) is not None and known(api) for c in callable_candidates(assign.value))

    def named(assign: ast.Assign) -> bool:  # a resolved name, or a plain one (the file's own pass-through function)
        return all(c.__class__ is ast.Name or resolve(c) is not None for c in callable_candidates(assign.value))

    body, orelse = direct(node.body), direct(node.orelse)
    pairs: set[int] = set()
    for key in body.keys() & orelse.keys():
        for one, two in ((body[key], orelse[key]), (orelse[key], body[key])):
            if any(map(ruled, one)) and all(map(named, two)):
                pairs.update(id(assign) for assign in two if not ruled(assign))
    return pairs


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
