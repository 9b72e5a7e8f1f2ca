"""The attribute names a ``getattr(torch.x, name)`` may read when ``name`` is not spelled at the call.

``getattr(torch.sparse, "FloatTensor")`` is ``torch.sparse.FloatTensor`` (imports.dotted_name). The name may also be
one of a few strings the file spells elsewhere, and each is then a lookup the code may make:

- ``"HalfTensor" if half else "FloatTensor"``: either branch;
- a name the function (or, not bound in it, the module) binds once, to one of these;
- ``TABLE[key]`` or ``TABLE.get(key)`` of a module-level dict of string literals the module never changes
  (hubtrust.module_constants): any of its values;
- ``tensor_class(dtype)``, a function the module defines once whose every ``return`` is one of these: any of them
  (``def tensor_class(dtype): name = _DTYPE_TO_CLASS.get(str(dtype)); ...; return name``).

Anything else (a parameter, a config value, a loop variable) is unknown, and the lookup is left alone.
"""

from __future__ import annotations

import ast
from typing import Callable

from .imports import own_nodes

_DEPTH = 3  # function calls followed: the table is read a helper or two away, never further in practice


def is_named_getattr(node: ast.AST) -> bool:
    """``getattr(obj, name)``: two positional arguments, the name not a literal (imports.dotted_name reads those)."""
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr"
            and len(node.args) == 2 and not node.keywords and not isinstance(node.args[1], ast.Constant))


class NameChoices:
    """The strings an expression of one file may hold. ``constants``: the file's hubtrust.module_constants."""

    def __init__(self, tree: ast.AST, constants: dict):
        self.constants = constants
        body = getattr(tree, "body", ())
        functions: dict[str, list[ast.AST]] = {}
        for statement in body:
            if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
                functions.setdefault(statement.name, []).append(statement)
        self.functions = {name: found[0] for name, found in functions.items() if len(found) == 1}

    def of(self, node: ast.expr, scope: ast.AST | None, depth: int = _DEPTH) -> frozenset[str] | None:
        """The strings ``node``, read in function ``scope`` (None: module level), may hold; None when unknown."""
        if isinstance(node, ast.Constant):
            return frozenset([node.value]) if isinstance(node.value, str) and node.value.isidentifier() else None
        if isinstance(node, ast.IfExp):
            body, orelse = self.of(node.body, scope, depth), self.of(node.orelse, scope, depth)
            return body | orelse if body is not None and orelse is not None else None
        if isinstance(node, ast.Name):
            return self._name(node.id, scope, depth)
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
            return self._table(node.value.id, scope)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get" \
                and isinstance(node.func.value, ast.Name) and 1 <= len(node.args) <= 2 and not node.keywords:
            # a missing key gives the default: None (getattr then raises TypeError, no lookup) or a string
            values = self._table(node.func.value.id, scope)
            if values is None or len(node.args) == 1 or (
                    isinstance(node.args[1], ast.Constant) and node.args[1].value is None):
                return values
            default = self.of(node.args[1], scope, depth)
            return values | default if default is not None else None
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and depth:
            return self._returned(node.func.id, scope, depth - 1)
        return None

    def _name(self, name: str, scope: ast.AST | None, depth: int) -> frozenset[str] | None:
        if scope is not None:
            bound = _local_values(scope, name)
            if bound is None:
                return None  # a parameter, or bound some other way: unknown
            if bound:
                return self.of(bound[0], scope, depth) if len(bound) == 1 else None
        value = self.constants.get(name)
        return frozenset([value]) if isinstance(value, str) and value.isidentifier() else None

    def _table(self, name: str, scope: ast.AST | None) -> frozenset[str] | None:
        if scope is not None and _local_values(scope, name) != []:
            return None  # the function's own name
        values = self.constants.get(name)
        return values if isinstance(values, frozenset) and all(v.isidentifier() for v in values) else None

    def _returned(self, name: str, scope: ast.AST | None, depth: int) -> frozenset[str] | None:
        function = self.functions.get(name)
        if function is None or (scope is not None and _local_values(scope, name) != []):
            return None
        returns = [node for node in own_nodes(function) if isinstance(node, ast.Return)]
        found: frozenset[str] = frozenset()
        for statement in returns:
            if statement.value is None or (values := self.of(statement.value, function, depth)) is None:
                return None
            found |= values
        return found or None


def _local_values(function: ast.AST, name: str) -> list[ast.expr] | None:
    """The values ``function`` binds ``name`` to by plain assignment (``[]``: it never binds it); None when it
    binds it otherwise too (a parameter, a loop, an unpacking, ``global``)."""
    if not isinstance(getattr(function, "body", None), list):
        return None  # a lambda: its names come from the function around it, not read here
    arguments = getattr(function, "args", None)
    if arguments is not None and any(a.arg == name for a in (
            *arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs, arguments.vararg, arguments.kwarg) if a):
        return None
    values: list[ast.expr] = []
    stores = 0
    for node in own_nodes(function):
        if isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names:
            return None
        if isinstance(node, ast.Name) and node.id == name and not isinstance(node.ctx, ast.Load):
            stores += 1
        elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) \
                and node.targets[0].id == name:
            values.append(node.value)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.name == name:
            return None
    return values if stores == len(values) else None


def choice_names(getattr_call: ast.Call, resolve: Callable[[ast.AST], str | None], choices: NameChoices,
                 scope: ast.AST | None) -> list[str]:
    """``torch.sparse.FloatTensor`` and the rest: each qualified name a named getattr on a torch object may read."""
    owner = resolve(getattr_call.args[0])
    if owner is None or not (owner == "torch" or owner.startswith("torch.")):
        return []
    names = choices.of(getattr_call.args[1], scope)
    return [f"{owner}.{name}" for name in sorted(names)] if names else []
