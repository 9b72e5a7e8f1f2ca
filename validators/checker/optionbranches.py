"""Which bindings of a name can reach a call, when both sit under tests of the same run option.

Training scripts pick their scheduler by an option and step it under the same option further down::

    if cfg.TYPE == "plateau":
        lr_scheduler = ReduceLROnPlateau(optimizer)
    elif cfg.TYPE == "warmup_cosine":
        lr_scheduler = CosineLRScheduler(optimizer, t_initial=n)   # the project's copy of timm's
    ...
    elif cfg.TYPE == "warmup_cosine":
        lr_scheduler.step(epoch=e + 1)

Only the binding made under a value the call's own test allows can reach the call: here the project's scheduler,
whose ``step(epoch=...)`` is its own. An option test is ``X == "const"`` (either side), ``X in ("a", "b")``, or an
``or`` of such tests on the same ``X``; an ``elif`` chain gives each branch its own test, and an ``else`` rules out
the values its test allowed (``scheduler = StepLR(...)`` in the ``else`` of ``if opts.scheduler ==
"ReduceLROnPlateau":`` never reaches a step under that same test). Nothing is known (None) unless the call sits under
such a test and some binding of the name sits under a test of the same option.
"""

from __future__ import annotations

import ast

from .imports import dotted_name

# option -> (the values allowed there, or None for any; the values ruled out)
Options = dict[str, tuple[frozenset | None, frozenset]]


def option_values(test: ast.expr) -> tuple[str, frozenset] | None:
    """``args.scheduler == "Exp"`` -> ``("args.scheduler", {"Exp"})``; an ``or`` of such tests on one option joins
    their values; None for any other test."""
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or):
        parts = [option_values(value) for value in test.values]
        if not parts or any(part is None for part in parts) or len({part[0] for part in parts}) != 1:
            return None
        return parts[0][0], frozenset().union(*(part[1] for part in parts))
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1):
        return None
    left, right = test.left, test.comparators[0]
    if isinstance(test.ops[0], ast.Eq):
        if isinstance(left, ast.Constant):
            left, right = right, left
        if isinstance(right, ast.Constant) and (name := dotted_name(left)) is not None:
            return name, frozenset({right.value})
    if isinstance(test.ops[0], ast.In) and isinstance(right, (ast.Tuple, ast.List, ast.Set)) and \
            right.elts and all(isinstance(e, ast.Constant) for e in right.elts) and \
            (name := dotted_name(left)) is not None:
        return name, frozenset(e.value for e in right.elts)
    return None


def reaching_bindings(function: ast.AST, name: str, call: ast.AST, tree: ast.AST | None = None
                      ) -> list[ast.expr] | None:
    """The values bound to ``name`` in ``function`` (plain assignments) that can reach ``call`` by the option
    tests around each; None when no option test relates them (module docstring). A parameter the function never
    binds is followed to what the module-level functions of ``tree`` that call it by name pass (``trainer(...,
    lr_scheduler=lr_scheduler)`` in ``main``), bound there under the same options."""
    found = _visit(function, name, call)
    if len(found.calls) != 1 or not found.calls[0]:
        return None
    bindings = found.bindings
    if not bindings and tree is not None and isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
        bindings = _passed_bindings(tree, function, name)
    at_call = found.calls[0]
    if not any(key in options for _, options in bindings for key in at_call):
        return None
    return [value for value, options in bindings
            if all(_compatible(options[key], at_call[key]) for key in at_call if key in options)]


def _compatible(one: tuple[frozenset | None, frozenset], other: tuple[frozenset | None, frozenset]) -> bool:
    """Some value of the option satisfies both places' tests."""
    (allowed, excluded), (other_allowed, other_excluded) = one, other
    if allowed is None and other_allowed is None:
        return True
    candidates = allowed & other_allowed if allowed is not None and other_allowed is not None else \
        (allowed if allowed is not None else other_allowed)
    return bool(candidates - excluded - other_excluded)


def _joined(one: Options, other: Options) -> Options:
    """Both places' tests at once (a binding in the caller, and the caller's call of the function)."""
    joined = dict(one)
    for key, (allowed, excluded) in other.items():
        if allowed is not None:
            joined = _allowing(joined, key, allowed)
        joined = _ruling_out(joined, key, excluded)
    return joined


def _allowing(options: Options, key: str, values: frozenset) -> Options:
    allowed, excluded = options.get(key, (None, frozenset()))
    return {**options, key: (values if allowed is None else allowed & values, excluded)}


def _ruling_out(options: Options, key: str, values: frozenset) -> Options:
    allowed, excluded = options.get(key, (None, frozenset()))
    return {**options, key: (allowed, excluded | values)}


class _Found:
    def __init__(self) -> None:
        self.bindings: list[tuple[ast.expr, Options]] = []
        self.calls: list[Options] = []  # the options around each place the sought node sits


def _visit(function: ast.AST, name: str, sought: ast.AST | None) -> _Found:
    found = _Found()

    def visit(body: list[ast.stmt], options: Options) -> None:
        for statement in body:
            if isinstance(statement, ast.If):
                tested = option_values(statement.test)
                visit(statement.body, _allowing(options, *tested) if tested else options)
                visit(statement.orelse, _ruling_out(options, *tested) if tested else options)
                continue
            if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and \
                    dotted_name(statement.targets[0]) == name:
                found.bindings.append((statement.value, options))
            if sought is not None and not _holds_blocks(statement) and \
                    any(inner is sought for inner in ast.walk(statement)):
                found.calls.append(options)
            if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                continue
            for field in ("body", "orelse", "finalbody"):
                if isinstance(block := getattr(statement, field, None), list) and block and \
                        isinstance(block[0], ast.stmt):
                    visit(block, options)
            for handler in getattr(statement, "handlers", ()):
                visit(handler.body, options)

    if isinstance(body := getattr(function, "body", None), list):  # (a lambda's body is one expression)
        visit(body, {})
    return found


def _passed_bindings(tree: ast.AST, function: ast.FunctionDef | ast.AsyncFunctionDef,
                     parameter: str) -> list[tuple[ast.expr, Options]]:
    """What the module-level functions calling ``function`` by name bind the name they pass for ``parameter`` to,
    with the options around each binding and around the call."""
    params = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
    if parameter not in params and parameter not in {a.arg for a in function.args.kwonlyargs}:
        return []
    found: list[tuple[ast.expr, Options]] = []
    for caller in getattr(tree, "body", ()):
        if not isinstance(caller, (ast.FunctionDef, ast.AsyncFunctionDef)) or caller is function:
            continue
        for call in ast.walk(caller):
            if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == function.name):
                continue
            passed = next((kw.value for kw in call.keywords if kw.arg == parameter), None)
            if passed is None and parameter in params and params.index(parameter) < len(call.args):
                passed = call.args[params.index(parameter)]
            if (passed_name := dotted_name(passed) if passed is not None else None) is None:
                continue
            inner = _visit(caller, passed_name, call)
            around = inner.calls[0] if len(inner.calls) == 1 else {}
            found += [(value, _joined(options, around)) for value, options in inner.bindings]
    return found


def _holds_blocks(statement: ast.stmt) -> bool:
    """A compound statement: the call is found in its own blocks, where their tests apply."""
    return any(isinstance(getattr(statement, field, None), list) and getattr(statement, field)
               and isinstance(getattr(statement, field)[0], ast.stmt) for field in ("body", "orelse", "finalbody"))
