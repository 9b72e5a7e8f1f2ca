"""What a file binds a receiver name to, when every binding builds an instance of a non-torch class.

``sched = WarmupThenPlateauScheduler(opt, ...)`` (a class of the project) makes ``sched`` that class's instance
wherever the file names it, as schedulers.py does for torch schedulers: only the last name counts
(``self.sched`` and ``sched`` are the same evidence). A name also bound to anything else (a torch call, a
function's result, a parameter default, a loop variable) is left out: which object a call sees is unknown.
Whether the class derives from a torch class is decided once every file is walked (ownmethods.py); a class in
a file that never names torch is not walked, so it stays unknown and the finding stays.
"""

from __future__ import annotations

import ast
from typing import Callable

from .imports import walk_nodes, walk_tree


def instance_bindings(tree: ast.AST | None, resolve: Callable[[ast.AST], str | None]) -> dict[str, tuple[str, ...]]:
    """Last name -> the class names (CapWords calls that name no torch API) every plain binding of it builds."""
    if tree is None:
        return {}
    classes, other = _bindings(tree, resolve)
    return {name: tuple(sorted(built)) for name, built in classes.items() if name not in other}


def local_bindings(function: ast.AST, resolve: Callable[[ast.AST], str | None]) -> dict[str, tuple[str, ...]]:
    """As :func:`instance_bindings`, for the plain names a function binds (nested functions included; a parameter
    binds something unknown). ``scheduler = StepLR(self.optimizer, ...)`` in a test function is that class's
    instance there, whatever other tests of the file bind to ``scheduler``."""
    classes, other = _bindings(function, resolve, names_only=True)
    return {name: tuple(sorted(built)) for name, built in classes.items() if name not in other}


def passed_bindings(tree: ast.AST, resolve: Callable[[ast.AST], str | None],
                    names: set[str]) -> tuple[dict[str, set[str]], set[str], set[str]]:
    """For the project-wide pass (check.py): which of ``names`` this file binds to instances of non-torch
    classes, which to anything else, and which to ``None``. A parameter, ``None`` and a store of the same name's
    value (``self.sched = sched``, ``self.a, self.sched = a, sched``) bind nothing new: the value is what the callers
    pass, and the files that build it under that name tell what it is (``Trainer(..., sched=sched)``); a name the
    project only ever binds to ``None`` holds no scheduler (CLIP4Clip's ``prep_optimizer`` returns ``scheduler =
    None`` beside an optimizer that schedules itself)."""
    classes, other = _bindings(tree, resolve, passes=True)
    nones = {name for node in walk_tree(tree) if isinstance(node, ast.Assign)
             and isinstance(node.value, ast.Constant) and node.value.value is None
             for target in node.targets for name in _bound_names(target)}
    return {name: built for name, built in classes.items() if name in names}, other & names, nones & names


def _passed_on(target: ast.AST, value: ast.AST | None) -> bool:
    """``self.sched = sched`` / ``sched = None``: the target takes a value bound elsewhere, or none."""
    if isinstance(value, ast.Constant) and value.value is None:
        return True
    names = list(_bound_names(target))
    return isinstance(value, ast.Name) and names == [value.id]


def _bindings(tree: ast.AST, resolve, names_only: bool = False,
              passes: bool = False) -> tuple[dict[str, set[str]], set[str]]:
    """(name -> classes its plain bindings build, names bound to anything else); ``names_only``: attribute
    targets (``self.sched = ...``) are not read; ``passes``: parameters and what :func:`_passed_on` takes bind
    nothing."""
    classes: dict[str, set[str]] = {}
    other: set[str] = set()
    sources: dict[str, set[str]] = {}  # name -> names a file function returns into it (`opt, sched = make(...)`)
    returned = _returned_tuples(tree)
    for node in walk_tree(tree):
        if isinstance(node, ast.Assign):
            built = _class_built(node.value, resolve)
            if (built is None and len(node.targets) == 1 and isinstance(node.targets[0], ast.Tuple)
                    and isinstance(node.value, ast.Call) and (called := own_callee(node.value.func)) is not None
                    and (names := returned.get(called)) is not None
                    and len(names) == len(node.targets[0].elts)):
                for element, source in zip(node.targets[0].elts, names):
                    for name in _bound_names(element):
                        if source is None:
                            other.add(name)
                        else:
                            sources.setdefault(name, set()).add(source)
                continue
            pairs = [(t, node.value) for t in node.targets]
            if passes and isinstance(node.value, ast.Tuple) and len(node.targets) == 1 and isinstance(
                    node.targets[0], ast.Tuple) and len(node.targets[0].elts) == len(node.value.elts):
                pairs = list(zip(node.targets[0].elts, node.value.elts))  # self.a, self.sched = a, sched
            for target, value in pairs:
                if names_only and isinstance(target, ast.Attribute) or passes and _passed_on(target, value):
                    continue
                built = _class_built(value, resolve) if value is not node.value else built
                for name in _bound_names(target):
                    if built is not None and isinstance(target, (ast.Name, ast.Attribute)):
                        classes.setdefault(name, set()).add(built)
                    else:
                        other.add(name)
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign, ast.For, ast.comprehension, ast.withitem,
                               ast.NamedExpr)):
            target = getattr(node, "target", None) or getattr(node, "optional_vars", None)
            value = getattr(node, "value", None)
            built = _class_built(value, resolve) if isinstance(node, (ast.AnnAssign, ast.NamedExpr)) else None
            for name in _bound_names(target):
                if built is not None:
                    classes.setdefault(name, set()).add(built)
                else:
                    other.add(name)
        elif isinstance(node, ast.arg) and not passes:
            other.add(node.arg)
    for name, names in sources.items():
        for source in names - {name}:
            if source in other or source not in classes:
                other.add(name)
            else:
                classes.setdefault(name, set()).update(classes[source])
    return classes, other


def own_callee(func: ast.AST) -> str | None:
    """``make(...)`` or ``self.make(...)``: the file's function or method it may call, by name."""
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self":
        return func.attr
    return None


def _returned_tuples(tree: ast.AST) -> dict[str, tuple[str | None, ...]]:
    """Function or method of the file -> the names its every ``return a, b`` gives, position by position (None
    where the returns differ or the element is not a plain name); functions returning anything else, and names
    defined twice with different returns, are left out."""
    found: dict[str, tuple[str | None, ...]] = {}
    twice: set[str] = set()
    functions = [node for node in getattr(tree, "body", []) if isinstance(node, ast.FunctionDef)] + [
        child for node in getattr(tree, "body", []) if isinstance(node, ast.ClassDef)
        for child in node.body if isinstance(child, ast.FunctionDef)]
    forwards: dict[str, set[str]] = {}  # `def _sched(self): return make_scheduler(...)`: the callee's shape
    for function in functions:
        if function.name in twice:
            continue
        shapes = [node.value for node in walk_nodes(function) if isinstance(node, ast.Return)]
        if len(shapes) == 1 and isinstance(shapes[0], ast.Call) and (callee := own_callee(shapes[0].func)):
            forwards.setdefault(function.name, set()).add(callee)
            continue
        if not shapes or not all(isinstance(v, ast.Tuple) and len(v.elts) == len(shapes[0].elts) for v in shapes):
            twice.add(function.name)  # a definition of that name returning something else: which one runs?
            found.pop(function.name, None)
            continue
        shape = tuple(
            names.pop() if len(names := {e.id if isinstance(e, ast.Name) else None for e in column}) == 1 else None
            for column in zip(*(v.elts for v in shapes)))
        if found.setdefault(function.name, shape) != shape:  # two definitions that differ: which one runs?
            twice.add(function.name)
            del found[function.name]
    for name, callees in forwards.items():
        shapes = {found.get(callee) for callee in callees}
        if name not in found and name not in twice and len(shapes) == 1 and None not in shapes:
            found[name] = shapes.pop()
    return found


def _class_built(value: ast.AST | None, resolve) -> str | None:
    if not (isinstance(value, ast.Call) and isinstance(value.func, (ast.Name, ast.Attribute))):
        return None
    name = value.func.id if isinstance(value.func, ast.Name) else value.func.attr
    if not name[:1].isupper() or resolve(value.func) is not None:
        return None
    return name


def _bound_names(target: ast.AST | None):
    if isinstance(target, ast.Name):
        yield target.id
    elif isinstance(target, ast.Attribute):
        yield target.attr
    elif isinstance(target, (ast.Tuple, ast.List)):
        for element in target.elts:
            yield from _bound_names(element)
    elif isinstance(target, ast.Starred):
        yield from _bound_names(target.value)
