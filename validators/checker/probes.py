"""``hasattr(scheduler_fn, "is_better")``: probing for a torch attribute that was renamed (rule kind ``probe``).

A probe of a name torch made private never fails loudly: ``hasattr`` turns False and the code silently takes its
other path (tabnet's scheduler callback stops passing the metric to ReduceLROnPlateau.step). ``getattr(obj, name)``
without a default raises AttributeError instead. The probe is also looked for in a file that names torch without importing it (a callback module handed the
scheduler class by its caller, with torch only in its docstring): nothing else there can name a torch API. A probe is
matched when its literal name is the last part of one
of the rule's APIs and the object is that API's class itself, or its last name fully matches the rule's
``receiver`` regular expression (``scheduler_fn``): ``is_better`` alone is too common a name to flag on any object.
A probe whose result goes only into a name the file never reads (``self.is_metric_related = hasattr(...)`` with
every ``step()`` call unconditional) decides no path, and is not reported (the walk holds it the same way:
unreadmodules.py).
"""

from __future__ import annotations

import ast
import re
from typing import Callable

from .finding import Finding, finding_at
from .imports import dotted_name, walk_tree
from .rule import Rule
from .unreadmodules import built_name, read_names


def probe(call: ast.Call) -> tuple[ast.expr, str] | None:
    """(object, attribute name) of ``hasattr(obj, "name")`` or ``getattr(obj, "name"[, default])``, else None."""
    func = call.func
    if not (isinstance(func, ast.Name) and func.id in ("hasattr", "getattr")) or call.keywords:
        return None
    if len(call.args) not in ((2,) if func.id == "hasattr" else (2, 3)):
        return None
    name = call.args[1]
    if not (isinstance(name, ast.Constant) and isinstance(name.value, str)):
        return None
    return call.args[0], name.value


def probe_rules(call: ast.Call, rules: list[Rule], resolve: Callable[[ast.AST], str | None]) -> tuple[str, list[Rule]]:
    """(the API probed, the rules it matches) for ``call``; ("", []) when it is no probe of a rule's API."""
    found = probe(call)
    if found is None:
        return "", []
    owner, name = found
    for rule in rules:
        for api in rule.apis:
            cls, _, attribute = api.rpartition(".")
            if attribute == name and (resolve(owner) == cls or _named_like(owner, rule.receiver)):
                return api, [rule]
    return "", []


def _named_like(owner: ast.expr, pattern: str | None) -> bool:
    dotted = dotted_name(owner)
    return pattern is not None and dotted is not None and \
        re.fullmatch(pattern, dotted.rsplit(".", 1)[-1], re.IGNORECASE) is not None


def probe_findings(tree: ast.AST, code: str, rules: list[Rule], filename: str,
                   resolve: Callable[[ast.AST], str | None]) -> list[Finding]:
    """The probe findings of a file the full walk skips (it imports no torch); ``rules`` apply to the target."""
    names = {api.rpartition(".")[2] for rule in rules for api in rule.apis}
    if not any(f'"{name}"' in code or f"'{name}'" in code for name in names):
        return []
    findings = []
    for node in walk_tree(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            api, matched = probe_rules(node, rules, resolve)
            findings += [(node, finding_at(filename, node, api, rule, rule.message, rule.fix)) for rule in matched]
    unread = _unread_results(tree, resolve) if findings else set()
    return [finding for node, finding in findings if id(node) not in unread]


def _unread_results(tree: ast.Module, resolve: Callable[[ast.AST], str | None]) -> set[int]:
    """id() of the calls bound to ``self.attr`` or a function's local name that the file never reads."""
    module_level = {id(node) for node in tree.body}
    bound = {id(node.value): name for node in walk_tree(tree) if isinstance(node, ast.Assign) and len(node.targets) == 1
             and (name := built_name(node.targets[0], node.value, id(node) in module_level)) is not None}
    read = read_names(tree, resolve) if bound else None
    return set() if read is None else {call for call, name in bound.items() if name not in read}
