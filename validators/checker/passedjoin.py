"""The sub-project's join of passedvalues.py's file parts: which parameters a uint8 mask or GPU lengths reach.

It marks the parameters a value of each kind reaches, following parameters passed on, and reports the uses of marked
parameters that the files' own passes did not. A callable's definition is looked up by its name (and class) in the
sub-project, the nearest by folder when several modules define it (a repository holding two copies of one project);
two at the same distance leave it undecided. Only the walked files that make or use such values come with a part;
the modules between them (a definition, a function passing a parameter on) are read here when a value reaches them.
Where a use's own file reports it at its uint8 maker (a default reaching it by keyword), a value another module
passes there is reported where that module passes it, as such a maker is (the call of a CRF with ``mask=
torch.tensor(attention_mask, dtype=torch.uint8)``), once per value.
"""

from __future__ import annotations

import ast
import os
from dataclasses import replace
from pathlib import Path
from typing import Callable

from ..parsing import parse_python
from .finding import Finding
from .imports import code_scopes, own_nodes
from .passedvalues import (KIND_KEEPS, PassedCall, PassedValues, Signature, built_class, file_functions,
                           file_values, local_class)
from .project import folder_distance, folders_of
from .source import Unreadable, read_source

_MESSAGES = {"uint8": "here the mask is uint8: {origin} passes one",
             "cuda": "here the lengths are on the GPU when one is used: {origin} passes them"}
_SEED_MESSAGE = "here a uint8 mask is passed that {use} uses"
_ORIGINS = 64  # values followed into one parameter at most (a project passing more is reported for these)


def passed_value_findings(parts: list[PassedValues], modules: Callable[[], list[str]] = list
                          ) -> dict[str, list[Finding]]:
    """file -> the findings of uses that a value of another function reaches (module docstring). ``parts``: the
    walked files that use or pass such values; ``modules``: the sub-project's files, read when a callable is asked
    of its definition or of its callers (the functions between a seed and a use, in files that show neither)."""
    kinds = {use.kind for part in parts for use in part.uses} & {
        source for part in parts for call in part.calls for _, source, _ in call.passed}
    if not kinds:
        return {}
    project = _Project(parts, modules)
    # (kind, file, class, function, parameter) -> the values that reach it: (the file passing one, its span there)
    marked: dict[tuple[str, str, str, str, str], list[tuple[str, tuple[int, int, int, int]]]] = {}
    # (kind, file, function, parameter, the origin) newly marked
    pending: list[tuple[str, str, tuple[str, str], str, tuple[str, tuple[int, int, int, int]]]] = []

    def reach(kind: str, part: PassedValues, call: PassedCall, slot: int | str,
              origin: tuple[str, tuple[int, int, int, int]]) -> None:
        target = _resolved(part, _known_callee(part, call, project), project)
        if target is None:
            return
        file, key, signature = target
        parameter = slot if isinstance(slot, str) else (
            signature.positional[slot] if slot < len(signature.positional) else None)
        if parameter is None or parameter not in signature.names:
            return
        origins = marked.setdefault((kind, file, *key, parameter), [])
        if len(origins) < _ORIGINS and origin not in origins:  # (a bound: each value is followed on its own)
            origins.append(origin)
            pending.append((kind, file, key, parameter, origin))

    for part in parts:
        for call in part.calls:
            for slot, source, where in call.passed:
                if source in kinds:
                    reach(source, part, call, slot, (part.file, where))
    while pending:
        kind, file, key, parameter, origin = pending.pop()
        part = project.part(file)
        for call in part.calls if part is not None else ():
            if call.caller != key:
                continue
            for slot, source, read in call.passed:
                if source == "parameter" and read[0] == parameter and read[1] <= KIND_KEEPS[kind]:
                    reach(kind, part, call, slot, origin)
    found: dict[str, list[Finding]] = {}
    at_seeds: set[tuple] = set()
    for part in parts:
        for use in part.uses:
            origins = marked.get((use.kind, part.file, *use.function, use.parameter), [])
            if not use.at_seed and origins:  # reported at the use, naming one origin (the file's own first)
                origins = [next((origin for origin in origins if origin[0] == part.file), origins[0])]
            for file, (line, column, end_line, end_column) in origins:
                self_passed = os.path.abspath(file) == os.path.abspath(part.file)
                if not use.at_seed:
                    where = f"{os.path.basename(file)}:{line}"
                    message = f"{use.finding.message}; {_MESSAGES[use.kind].format(origin=where)}"
                    found.setdefault(part.file, []).append(replace(use.finding, message=message))
                elif not self_passed and (key := (file, line, column, use.finding.rule)) not in at_seeds:
                    # the use's own file reports its makers: another module's value is reported where it passes it
                    at_seeds.add(key)
                    used = f"{os.path.basename(part.file)}:{use.finding.line}"
                    found.setdefault(file, []).append(replace(
                        use.finding, file=file, line=line, column=column, end_line=end_line, end_column=end_column,
                        message=f"{use.finding.message}; {_SEED_MESSAGE.format(use=used)}", applicability="none",
                        edits=()))
    return found


def _known_callee(part: PassedValues, call: PassedCall, handed: _Project) -> tuple[str, str, str] | None:
    """The call's callee with what its callers say of a callable handed in (a parameter, or an attribute
    ``__init__`` stores from one) filled in."""
    callee = call.callee
    if callee[0] == "handed":
        return handed.instance(part, call.caller, callee[2])
    if callee[0] == "method" and (built := part.attributes.get(callee[1:])) is not None and built[0] == "(":
        return handed.instance(part, (callee[1], "__init__"), built[1:])
    if callee[0] == "handed member":
        parameter, method = callee[2].split(".")
        built = (handed.instance(part, call.caller, parameter) or (None, None))[1]
        return ("bound", built, method) if built else None
    if callee[0] == "member":
        attribute, method = callee[2].split(".")
        built = part.attributes.get((callee[1], attribute))
        if built is not None and built[0] == "(":
            built = (handed.instance(part, (callee[1], "__init__"), built[1:]) or (None, None))[1]
        return ("bound", built, method) if built else None
    return callee


def _resolved(part: PassedValues, callee: tuple[str, str, str] | None, project: _Project
              ) -> tuple[str, tuple[str, str], Signature] | None:
    """The definition a call reaches: (its file, its (class, function), its signature), or None."""
    if callee is None:
        return None
    kind, owner, name = callee
    if kind == "method":
        built = part.attributes.get((owner, name))
        if built is not None:
            keys = [(built, "forward"), (built, "__call__")]
        else:
            keys = [(owner, name)]
    elif kind == "instance":
        keys = [(owner, "forward"), (owner, "__call__")]
    elif kind == "bound":
        keys = [(owner, name)]
    else:
        keys = [("", name)]
    for key in keys:
        candidates = project.defining(key)
        if candidates:
            nearest = _nearest(part.file, candidates)
            return None if nearest is None else (nearest.file, key, nearest.functions[key])
    return None


def _nearest(file: str, candidates: list[PassedValues]) -> PassedValues | None:
    """The candidate nearest ``file`` by folder; None when two are equally near. A definition in ``file`` itself is
    the one its bare name reaches (two scripts side by side, each with its own ``EncoderRNN``)."""
    if len(candidates) == 1:
        return candidates[0]
    own = [part for part in candidates if os.path.abspath(part.file) == os.path.abspath(file)]
    if len(own) == 1:
        return own[0]
    here = folders_of(file)

    def distance(part: PassedValues) -> int:
        return folder_distance(here, folders_of(part.file))

    ranked = sorted(candidates, key=distance)
    return ranked[0] if distance(ranked[0]) < distance(ranked[1]) else None


class _Project:
    """The sub-project at the join: the walked parts, and its other modules read only when asked. A callable's
    definitions are the walked files' and those of the modules whose text defines its name (each read once, its
    calls kept as a walked file's are); the class of a callable a function is handed (``def train_tree(...,
    predict, ...)`` then ``predict(...)``; ``self.decoder = decoder`` in ``__init__``) is what its callers in the
    sub-project pass at that parameter, built inline or bound to ``Class(...)`` in the calling scope."""

    def __init__(self, parts: list[PassedValues], modules: Callable[[], list[str]]) -> None:
        self.modules = modules
        self.files: list[tuple[str, str]] | None = None
        self.texts: dict[str, str] | None = None
        self.trees: dict[str, ast.AST | None] = {}
        self.answers: dict[tuple, tuple[str, str, str] | None] = {}
        # by absolute path: a walked file is named as the run was given it (trees/x/model.py), the modules read here
        # by the sub-project's absolute paths
        self.parts: dict[str, PassedValues | None] = {os.path.abspath(part.file): part for part in parts}
        self.defined: dict[tuple[str, str], list[PassedValues]] = {}
        self.searched: set[str] = set()  # function names whose defining modules have been read
        for part in parts:
            self._index(part)

    def part(self, path: str) -> PassedValues | None:
        """The walked part of ``path``, or the one read now (its functions and calls; no uses, no seeds)."""
        key = os.path.abspath(path)
        if key not in self.parts:
            text = self._texts().get(path)
            tree = self._tree(path, text) if text is not None else None
            part = None
            if tree is not None:
                calls = _file_calls(tree)
                part = file_values(path, calls, file_functions(calls), {}, [], keep_empty=True, tree=tree)
            self.parts[key] = part
            if part is not None:
                self._index(part)
        return self.parts[key]

    def defining(self, key: tuple[str, str]) -> list[PassedValues]:
        """The parts whose modules define ``key`` ((class, function)), read from the sub-project when first asked."""
        name = key[1]
        if name not in self.searched:
            self.searched.add(name)
            for path, text in self._sources():
                if os.path.abspath(path) not in self.parts and f"def {name}(" in text:
                    self.part(path)
        return self.defined.get(key, [])

    def _index(self, part: PassedValues) -> None:
        for key in part.functions:
            self.defined.setdefault(key, []).append(part)

    def instance(self, part: PassedValues, function: tuple[str, str], parameter: str) -> tuple[str, str, str] | None:
        key = (part.file, function, parameter)
        if key not in self.answers:
            self.answers[key] = None
            found = self._classes(part, function, parameter)
            if len(found) == 1:
                self.answers[key] = ("instance", found.pop(), "")
        return self.answers[key]

    def _classes(self, part: PassedValues, function: tuple[str, str], parameter: str, hops: int = 3) -> set[str]:
        """The classes the callers of ``function`` pass at ``parameter``: built inline or in the calling scope, or, up
        to ``hops`` calls away, handed on by a plain function of the module that is itself handed one
        (``train(..., encoder, ...)`` called by ``train_iters(..., encoder, ...)``, called with ``encoder =
        EncoderRNN(...)``: the tutorial chatbot's three hops)."""
        owner, name = function
        signature = part.functions.get(function)
        if signature is None:
            return set()
        called = owner if name == "__init__" else name if not owner else None
        if not called:
            return set()
        position = signature.positional.index(parameter) if parameter in signature.positional else None
        found: set[str] = set()
        for path, text in self._sources():
            if called + "(" not in text:
                continue
            tree = self._tree(path, text)
            for scope in code_scopes(tree) if tree is not None else ():
                for node in own_nodes(scope):
                    if not isinstance(node, ast.Call) or _last_name(node.func) != called:
                        continue
                    value = next((keyword.value for keyword in node.keywords if keyword.arg == parameter), None)
                    if value is None and position is not None and position < len(node.args) and not any(
                            isinstance(arg, ast.Starred) for arg in node.args[:position + 1]):
                        value = node.args[position]
                    built = built_class(value) if isinstance(value, ast.Call) else local_class(scope, value.id) \
                        if isinstance(value, ast.Name) else None
                    if built is not None:
                        found.add(built)
                    elif hops > 1 and isinstance(value, ast.Name) and (handed := self._handed_on(path, tree, scope, value.id)):
                        found |= self._classes(*handed, hops - 1)
        return found

    def _handed_on(self, path: str, tree: ast.AST, scope: ast.AST, name: str
                   ) -> tuple[PassedValues, tuple[str, str], str] | None:
        """``name`` is a parameter of ``scope``, a function at the top of its module that never rebinds it: the part,
        function and parameter whose callers say what it holds."""
        if not (isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef)) and scope in getattr(tree, "body", ())
                and name in {argument.arg for argument in (*scope.args.posonlyargs, *scope.args.args,
                                                           *scope.args.kwonlyargs)}
                and not any(isinstance(node, ast.Name) and node.id == name and not isinstance(node.ctx, ast.Load)
                            for node in own_nodes(scope))):
            return None
        part = self.part(path)
        return (part, ("", scope.name), name) if part is not None else None

    def _sources(self) -> list[tuple[str, str]]:
        if self.files is None:
            self.files = []
            for path in self.modules():
                try:
                    self.files.append((path, read_source(Path(path))))
                except Unreadable:
                    continue
        return self.files

    def _texts(self) -> dict[str, str]:
        if self.texts is None:
            self.texts = dict(self._sources())
        return self.texts

    def _tree(self, path: str, text: str) -> ast.AST | None:
        if path not in self.trees:
            try:
                self.trees[path] = parse_python(text, path)  # (through the one lock: parsing.py)
            except (SyntaxError, ValueError, RecursionError, MemoryError):
                self.trees[path] = None
        return self.trees[path]


def _file_calls(tree: ast.AST):
    """uint8masks' walk of a module read at the join (its functions and calls; no API is resolved there)."""
    from .uint8masks import shared_calls  # (uint8masks is walked per file; this reads a module the walk did not keep)
    return shared_calls(tree, lambda node: None)()


def _last_name(func: ast.expr) -> str | None:
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
