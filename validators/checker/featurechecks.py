"""Feature checks that read a torch function's keyword-only defaults, and names bound to one in a function.

``torch.meshgrid.__kwdefaults__`` is ``{'indexing': None}`` on 2.13 and 2.15 (run): the function takes
keyword-only parameters, and ``"indexing" in torch.meshgrid.__kwdefaults__`` asks whether one of them is there,
the question ``"indexing" in inspect.signature(torch.meshgrid).parameters`` asks. Code written for releases
before the keyword keeps the old call in the other branch, which never runs on a target that has it:

- ``"name" in torch.f.__kwdefaults__`` is true unless a rule says the target no longer takes ``name``;
- ``torch.f.__kwdefaults__ is not None`` is true unless ``torch.f`` is gone, as ``hasattr(torch.x, "f")`` is
  (the check looks for the keyword-only parameters a newer release added);
- ``mesh_args = torch.meshgrid.__kwdefaults__`` bound once in a function, then ``if mesh_args is not None:``:
  the name stands for the expression (``LocalChecks``), as a module-level flag does (importtime.module_flags).
"""

from __future__ import annotations

import ast
from typing import Callable, Iterator

from .imports import ImportMap, dotted_name, nested_fields, walk_nodes

KWDEFAULTS = "__kwdefaults__"


def kwdefaults_of(node: ast.AST, imports: ImportMap) -> str | None:
    """The torch API whose ``__kwdefaults__`` ``node`` reads, or None."""
    if not (isinstance(node, ast.Attribute) and node.attr == KWDEFAULTS):
        return None
    owner = dotted_name(node.value)
    qualified = imports.resolve(owner) if owner else None
    return qualified if qualified and (qualified == "torch" or qualified.startswith("torch.")) else None


def kwdefaults_outcome(test: ast.Compare, imports: ImportMap, removed, removed_keyword) -> bool | None:
    """The outcome of ``"k" in f.__kwdefaults__`` / ``not in`` and ``f.__kwdefaults__ is (not) None``."""
    op, right = test.ops[0], test.comparators[0]
    if isinstance(op, (ast.In, ast.NotIn)) and isinstance(test.left, ast.Constant) and isinstance(
            test.left.value, str) and (api := kwdefaults_of(right, imports)) is not None:
        present = not removed_keyword(api, test.left.value)
        return present if isinstance(op, ast.In) else not present
    if isinstance(op, (ast.Is, ast.IsNot)) and isinstance(right, ast.Constant) and right.value is None and (
            api := kwdefaults_of(test.left, imports)) is not None:
        present = not removed(api)
        return present if isinstance(op, ast.IsNot) else not present
    return None


_NESTED = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)
# what a check can be: a comparison, not / and / or, hasattr(...) or a version call, torch.f.__kwdefaults__;
# any other value is not asked about (each question walks the value)
_CHECK_SHAPES = (ast.Compare, ast.BoolOp, ast.UnaryOp, ast.Call, ast.Attribute)


class LocalChecks:
    """Names a function binds exactly once (nested functions and classes aside) to a feature or version check
    (``is_check``), and never declares global or nonlocal, asked name by name (``among``): a test reads a few names,
    a function assigns many values, and ``is_check`` walks each value it is asked about."""

    def __init__(self, function: ast.AST | None, is_check: Callable[[ast.expr], bool]) -> None:
        # a lambda binds nothing; a class body's names are attributes
        self.function = function if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)) else None
        self.is_check = is_check
        self._shaped: dict[str, list[ast.expr]] | None = None  # name -> values of one-name assignments shaped like a check
        self._bound: dict[str, int] | None = None  # name -> its bindings (2 for global / nonlocal)
        self._found: dict[str, ast.expr | None] = {}  # name asked -> its check, or None

    def among(self, names) -> dict[str, ast.expr]:
        """name -> the checked expression, for those of ``names`` bound so."""
        if self.function is None:
            return {}
        found = {}
        for name in names:
            if name not in self._found:
                self._found[name] = self._check(name)
            if (value := self._found[name]) is not None:
                found[name] = value
        return found

    def _check(self, name: str) -> ast.expr | None:
        if self._shaped is None:  # the statements alone: most functions assign no check at all
            self._shaped = {}
            for statement in _statements(self.function.body):
                if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(
                        statement.targets[0], ast.Name) and isinstance(statement.value, _CHECK_SHAPES):
                    self._shaped.setdefault(statement.targets[0].id, []).append(statement.value)
        values = self._shaped.get(name)
        # bound once: by that one assignment, whose value must then be a check (a walrus binds too: all is walked)
        if not values or len(values) > 1 or not self.is_check(values[0]) or self._bindings().get(name) != 1:
            return None
        return values[0]

    def _bindings(self) -> dict[str, int]:
        if self._bound is None:
            self._bound = bound = {}
            stack = list(self.function.body)
            while stack:
                node = stack.pop()
                if isinstance(node, _NESTED):
                    continue
                if isinstance(node, (ast.Global, ast.Nonlocal)):
                    for name in node.names:
                        bound[name] = 2
                targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
                    node, (ast.AugAssign, ast.AnnAssign, ast.For, ast.AsyncFor, ast.NamedExpr)) else []
                for target in targets:
                    for name in walk_nodes(target):
                        if isinstance(name, ast.Name):
                            bound[name.id] = bound.get(name.id, 0) + 1
                stack.extend(ast.iter_child_nodes(node))
        return self._bound


def _statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """Every statement of a body and of the blocks inside it, not of nested functions or classes."""
    stack = list(body)
    while stack:
        statement = stack.pop()
        if isinstance(statement, _NESTED):
            continue
        yield statement
        for name in nested_fields(statement):  # the blocks its class has (most statements have none)
            if name == "handlers" or name == "cases":
                for part in getattr(statement, name):
                    stack.extend(part.body)
            else:
                stack.extend(getattr(statement, name))
