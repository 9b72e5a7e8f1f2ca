"""Calls through a torch callable that a function of the project returns.

``def get_checkpoint_fn(): ... checkpoint = torch.utils.checkpoint.checkpoint ... return checkpoint`` in one
module, and ``checkpoint_fn = get_checkpoint_fn()`` then ``checkpoint_fn(block, x)`` in another: the call never
names the torch API, so neither the rules nor aliases.py (one file, bindings only) see it. Each walk leaves,
in :class:`ReturnFacts`, the module-level functions of its file that return a ruled callable (summarised from
their own ``return`` statements, :func:`returned_apis`) and the calls it makes through a name bound to a
plain function's result; once the sub-project is in, :func:`returned_call_findings` joins the two by name.

Only certain summaries count. The returned value is the callable itself (``return torch.utils.checkpoint.
checkpoint``) or a local name every binding of which in the function names a callable (not a call's result),
one of them a ruled torch API: ``if deepspeed: f = deepspeed.checkpoint else: f = torch...checkpoint`` may
return either, as ``a if c else b`` does in aliases.py. A function name the sub-project defines in more than
one module is left alone unless the calling file defines it itself (which one an import reaches is unknown).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import Callable

from .aliases import callable_candidates
from .finding import Finding
from .imports import own_statements, subnodes, walk_nodes
from .patterns import call_findings

_CALLABLES = (ast.Name, ast.Attribute, ast.IfExp)  # what can name a callable; a call's result is something else


@dataclass(eq=False)  # compared by identity: a generated __eq__ would only cost start-up
class ReturnFacts:
    """One file's part: what its functions return, and the calls it makes through their results."""

    file: str = ""
    functions: set[str] = field(default_factory=set)  # module-level function names of the file
    returns: dict[str, list[str]] = field(default_factory=dict)  # function -> ruled apis it may return
    calls: list[tuple[str, str, ast.Call]] = field(default_factory=list)  # (function, local name, call through it)


def returned_apis(function: ast.FunctionDef | ast.AsyncFunctionDef, returned: list[ast.expr],
                  resolve: Callable[[ast.AST], str | None], known: Callable[[str], bool]) -> list[str]:
    """The ruled apis ``function`` may return, given the values of its own ``return`` statements."""
    apis: list[str] = []
    names = {value.id for value in returned if isinstance(value, ast.Name)}
    bound: dict[str, list[ast.expr]] = {}
    if names:
        for node in own_statements(function):
            if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    for name in subnodes(target):  # (a name twice in a target appends the same value)
                        if isinstance(name, ast.Name) and name.id in names:
                            # a tuple target or an augmented assignment binds something unknown: None
                            plain = isinstance(target, ast.Name) and not isinstance(node, ast.AugAssign)
                            bound.setdefault(name.id, []).append(node.value if plain else None)
            elif isinstance(node, (ast.For, ast.AsyncFor, ast.With, ast.AsyncWith, ast.FunctionDef,
                                   ast.AsyncFunctionDef, ast.ClassDef, ast.Import, ast.ImportFrom)):
                for name in _bound_names(node):
                    if name in names:
                        bound.setdefault(name, []).append(None)
    params = {a.arg for a in (*function.args.posonlyargs, *function.args.args, *function.args.kwonlyargs)}
    for value in returned:
        if isinstance(value, ast.Name) and value.id not in params and value.id in bound:
            values = bound[value.id]
            if any(v is None or not isinstance(v, _CALLABLES) for v in values):
                continue  # bound to a call's result somewhere: what it returns is not a name of a callable
            candidates = [c for v in values for c in callable_candidates(v)]
        elif isinstance(value, ast.Attribute):
            candidates = [value]
        else:
            continue
        apis += [api for c in candidates if (api := resolve(c)) is not None and known(api)]
    return list(dict.fromkeys(apis))


def _bound_names(node: ast.AST) -> list[str]:
    if isinstance(node, (ast.For, ast.AsyncFor)):
        return [n.id for n in walk_nodes(node.target) if isinstance(n, ast.Name)]
    if isinstance(node, (ast.With, ast.AsyncWith)):
        return [n.id for item in node.items if item.optional_vars is not None
                for n in walk_nodes(item.optional_vars) if isinstance(n, ast.Name)]
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        return [(alias.asname or alias.name).partition(".")[0] for alias in node.names]
    return [node.name]


def returned_call_findings(files: list[ReturnFacts], rules, target) -> dict[str, list[Finding]]:
    """file -> findings for calls through what a project function returns (see the module's docstring)."""
    if not any(facts.returns for facts in files) or not any(facts.calls for facts in files):
        return {}
    defined: dict[str, int] = {}
    returning: dict[str, list[str]] = {}
    for facts in files:
        for name in facts.functions:
            defined[name] = defined.get(name, 0) + 1
        for name, apis in facts.returns.items():
            returning[name] = apis
    out: dict[str, list[Finding]] = {}
    for facts in files:
        for function, local, node in facts.calls:
            if function in facts.functions:
                apis = facts.returns.get(function, [])  # the file's own function decides
            elif defined.get(function) == 1:
                apis = returning.get(function, [])
            else:
                continue
            for api in apis:
                out.setdefault(facts.file, []).extend(call_findings(
                    facts.file, node, api, rules, target, f"{local} is what {function}() returns: {api}"))
    return out
