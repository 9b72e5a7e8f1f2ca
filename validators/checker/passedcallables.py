"""What a function's callable parameter is: the callables every call of the function in the file passes there.

``def train(loader, model, evaluation): ... evaluation(output, target).data[0]`` reads a 0-dim value only if the
``evaluation`` it gets returns one: nmp_qc's ``main()`` binds ``evaluation = lambda output, target: torch.mean(...)``
(its demos ``evaluation = utils.accuracy``) and passes it to ``train`` and ``validate``. For a module-level function,
each call of it in the file (by its plain name) gives the argument at the parameter's place; a name passed is read
through the one binding the caller's function makes of it (or is the file's own function or import). Any call that
passes nothing there, spreads ``*args``/``**kwargs`` or passes a name bound more than once leaves it unknown.
"""

from __future__ import annotations

import ast

from .imports import code_scopes, own_nodes, own_statements

def passed_callables(function: ast.AST, parameter: str,
                     calls: list[tuple[ast.AST, ast.Call]]) -> list[ast.expr] | None:
    """The expressions the file's ``calls`` of module-level ``function`` (calls_by_name) pass as ``parameter`` (see
    the module docstring), or None when one is unknown or nothing calls it."""
    positional = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
    position = positional.index(parameter) if parameter in positional else None
    found: list[ast.expr] = []
    for caller, call in calls:
        if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
            return None
        passed = next((k.value for k in call.keywords if k.arg == parameter), None)
        if passed is None and position is not None and len(call.args) > position:
            passed = call.args[position]
        if passed is None:
            return None
        if isinstance(passed, ast.Name):
            bound = [s.value for s in own_statements(caller) if isinstance(s, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == passed.id for t in s.targets)]
            if len(bound) > 1 or (bound and not isinstance(bound[0], (ast.Lambda, ast.Name, ast.Attribute))):
                return None
            passed = bound[0] if bound else passed
        found.append(passed)
    return found or None


def calls_by_name(tree: ast.AST) -> dict[str, list[tuple[ast.AST, ast.Call]]]:
    """Each ``name(...)`` call in the file under its name, with the function (or module) whose own body holds it, in
    one pass: asked per parameter, a walk per question would read the file once for every function in it."""
    calls: dict[str, list[tuple[ast.AST, ast.Call]]] = {}
    for holder in code_scopes(tree):
        for node in own_nodes(holder):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                calls.setdefault(node.func.id, []).append((holder, node))
    return calls
