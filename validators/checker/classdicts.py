"""Keyword dicts a class builds once in ``__init__`` and spreads into a torch call in another method.

``self.stft_params = {"n_fft": ..., "center": ...}`` then ``if is_pytorch_17plus: self.stft_params[
"return_complex"] = False`` in ``__init__``, and ``torch.stft(x, window=w, **self.stft_params)`` in ``forward``:
the call passes exactly those keywords. The walker reads them as it reads a literal dict bound in the same
scope. Only a dict that the class binds once, as a literal, at the top of ``__init__``, and fills only by
``self.X["key"] = value`` statements in ``__init__`` (at its top level, or in a branch whose test is known on
the target, ``runs``) counts; any other write anywhere in the class (a second binding, ``update``, ``pop``,
``del``, a store in a loop or an undecided branch, ``setattr``) leaves the dict unknown.
"""

from __future__ import annotations

import ast
from typing import Callable

from .patterns import literal_keywords
from .imports import self_attribute, walk_nodes

_MUTATORS = frozenset({"update", "pop", "popitem", "setdefault", "clear", "__setitem__", "__delitem__"})


def instance_keyword_dicts(node: ast.ClassDef, runs: Callable[[ast.expr], bool | None]) -> dict[str, list[ast.keyword]]:
    """Attribute -> the keywords its dict holds once ``__init__`` has run (see the module's rules)."""
    init = next((child for child in node.body if isinstance(child, ast.FunctionDef) and child.name == "__init__"), None)
    if init is None:
        return {}
    found: dict[str, list[ast.keyword]] = {}
    allowed: set[int] = set()  # id() of the statements that built them

    def fill(statements: list[ast.stmt]) -> None:
        for statement in statements:
            if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
                target = statement.targets[0]
                if self_attribute(target) is not None and (keywords := literal_keywords(statement.value)) is not None:
                    if target.attr in found:  # bound twice: the mutation scan below drops it
                        continue
                    found[target.attr] = list(keywords)
                    allowed.add(id(statement))
                elif (isinstance(target, ast.Subscript) and (attr := self_attribute(target.value)) in found
                      and isinstance(target.slice, ast.Constant) and isinstance(target.slice.value, str)):
                    found[attr] = [kw for kw in found[attr] if kw.arg != target.slice.value]
                    found[attr].append(ast.keyword(target.slice.value, statement.value))
                    allowed.add(id(statement))
            elif isinstance(statement, ast.If) and found:
                taken = runs(statement.test)
                if taken is not None:
                    fill(statement.body if taken else statement.orelse)

    fill(init.body)
    if not found:
        return {}
    for child in walk_nodes(node):
        if isinstance(child, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Delete)) and id(child) not in allowed:
            targets = child.targets if isinstance(child, (ast.Assign, ast.Delete)) else [child.target]
            for target in targets:
                base = target.value if isinstance(target, ast.Subscript) else target
                if (attr := self_attribute(base)) is not None:
                    found.pop(attr, None)
        elif isinstance(child, ast.Call):
            if isinstance(child.func, ast.Name) and child.func.id in ("setattr", "delattr"):
                return {}
            if (isinstance(child.func, ast.Attribute) and child.func.attr in _MUTATORS
                    and (attr := self_attribute(child.func.value)) is not None):
                found.pop(attr, None)
        if not found:
            return {}
    return found
