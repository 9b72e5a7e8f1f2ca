"""What another module's function returns when that is a method of an instance its caller hands it.

``val_score, samples = args.validate(opts=opts, ..., metrics=metrics)`` after ``metrics = StreamSegMetrics(n)``,
where ``args.py``'s ``validate`` ends ``score = metrics.get_results(); return score, samples``: the saved
``best_score = val_score["Mean IoU"]`` is what ``StreamSegMetrics.get_results`` returns (an ``np.float64``,
refused by ``weights_only=True``), though ``validate`` alone returns nothing known. The saving file's walk cannot
read ``args.py``, so it spells the instances a call passes into the reference it hands the project pass
(provenance.py): ``validate(metrics=metrics:StreamSegMetrics)``, a parameter (its keyword, or its position) and the
class's module suffix and name. The project pass (returns.py) reads the callee's returns for a method called on
that parameter, directly or through a name the function binds to one.
"""

from __future__ import annotations

import ast

from .imports import own_statements

_SPELLED = "{key}={suffix}:{cls}"


def spell(function: str, passed: list[tuple[str, str, str]]) -> str:
    """``validate`` and ``[("metrics", "metrics", "StreamSegMetrics")]`` -> ``validate(metrics=metrics:StreamSegMetrics)``."""
    shown = ", ".join(_SPELLED.format(key=key, suffix=suffix, cls=cls) for key, suffix, cls in passed)
    return f"{function}({shown})" if passed else function


def unspell(function: str) -> tuple[str, list[tuple[str, str, str]]]:
    """The inverse of :func:`spell`: the function's name and what its call passes ([] for a plain name)."""
    name, paren, shown = function.partition("(")
    if not paren or not shown.endswith(")"):
        return function, []
    passed = []
    for item in shown[:-1].split(", "):
        key, _, instance = item.partition("=")
        suffix, _, cls = instance.rpartition(":")
        if key and suffix and cls:
            passed.append((key, suffix, cls))
    return name, passed


def as_shown(function: str) -> str:
    """How a message names a spelled reference: ``validate(metrics=<a StreamSegMetrics>)``."""
    name, passed = unspell(function)
    return f"{name}({', '.join(f'{key}=<a {cls}>' for key, _, cls in passed)})" if passed else function


def parameter_methods(tree: ast.Module, function: str, key: str, position: str = "") -> set[str]:
    """The methods the module-level ``function`` returns a call of on its parameter ``key`` (a keyword, or a
    position counted from 0): ``return metrics.get_results()``, or ``score = metrics.get_results(); return score``;
    item ``position`` of a returned tuple display when given."""
    node = next((n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
                 and n.name == function), None)
    if node is None:
        return set()
    params = [a.arg for a in (*node.args.posonlyargs, *node.args.args)]
    if key.isdigit():
        if int(key) >= len(params):
            return set()
        key = params[int(key)]
    elif key not in params and key not in {a.arg for a in node.args.kwonlyargs}:
        return set()
    bound: dict[str, list[ast.expr]] = {}
    returned: list[ast.expr] = []
    for statement in own_statements(node):
        if isinstance(statement, ast.Assign):
            for target in statement.targets:
                if isinstance(target, ast.Name):
                    bound.setdefault(target.id, []).append(statement.value)
        elif isinstance(statement, ast.Return) and statement.value is not None:
            value = statement.value
            if position:
                if not isinstance(value, ast.Tuple) or int(position) >= len(value.elts):
                    continue
                value = value.elts[int(position)]
            returned.append(value)
    if key in bound:
        return set()  # the parameter rebound in the function: no longer what the caller passed
    methods: set[str] = set()
    for value in returned:
        if isinstance(value, ast.Name) and len(bound.get(value.id, ())) == 1:
            value = bound[value.id][0]
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and \
                isinstance(value.func.value, ast.Name) and value.func.value.id == key:
            methods.add(value.func.attr)
    return methods
