"""Names that only ever hold a class of another library: ``spec_class`` in a parametrized test.

``@pytest.mark.parametrize("spec_class", [Binary, Categorical, OneHot])`` with the three imported from torchrl,
then ``spec = spec_class(shape=[5, 3])``: ``spec`` is an instance of one of them, as ``spec = OneHot(...)`` is
(the walker's ``foreign`` names), so ``spec[[[0, 1]]]`` is that class's ``__getitem__``, not a tensor's. The same
for ``for spec_class in (Binary, OneHot):``. Only a literal list or tuple counts, and only when every value is a
class (a CapWords name) that ``is_foreign`` says another library's import binds; one value of any other kind
(a torch class, a factory function, a variable) and the name is left unknown.
"""

from __future__ import annotations

import ast
from typing import Callable

from .imports import dotted_name


def parametrized_classes(function: ast.FunctionDef | ast.AsyncFunctionDef,
                         is_foreign: Callable[[str], bool]) -> set[str]:
    """The parameters ``parametrize`` decorators of ``function`` bind only to foreign classes."""
    found: set[str] = set()
    for decorator in function.decorator_list:
        if not (isinstance(decorator, ast.Call) and len(decorator.args) >= 2
                and (dotted_name(decorator.func) or "").rsplit(".", 1)[-1] == "parametrize"
                and isinstance(decorator.args[0], ast.Constant) and isinstance(decorator.args[0].value, str)
                and isinstance(decorator.args[1], (ast.List, ast.Tuple)) and decorator.args[1].elts):
            continue
        names = [name.strip() for name in decorator.args[0].value.split(",") if name.strip()]
        rows = [_unwrapped(row) for row in decorator.args[1].elts]
        for column, name in enumerate(names):
            values = [row if len(names) == 1 else _column(row, column, len(names)) for row in rows]
            if all(value is not None and _foreign_class(value, is_foreign) for value in values):
                found.add(name)
    return found


def looped_classes(loop: ast.For, is_foreign: Callable[[str], bool]) -> str | None:
    """``for cls in (A, B):`` over foreign classes only: ``cls``, else None."""
    if (isinstance(loop.target, ast.Name) and isinstance(loop.iter, (ast.List, ast.Tuple)) and loop.iter.elts
            and all(_foreign_class(value, is_foreign) for value in loop.iter.elts)):
        return loop.target.id
    return None


def _unwrapped(row: ast.expr) -> ast.expr:
    """``pytest.param(A, marks=...)``: its values, as a tuple (one value alone)."""
    if isinstance(row, ast.Call) and (dotted_name(row.func) or "").rsplit(".", 1)[-1] == "param":
        return row.args[0] if len(row.args) == 1 else ast.Tuple(list(row.args), ast.Load())
    return row


def _column(row: ast.expr, column: int, width: int) -> ast.expr | None:
    if isinstance(row, (ast.Tuple, ast.List)) and len(row.elts) == width:
        return row.elts[column]
    return None


def _foreign_class(value: ast.expr, is_foreign: Callable[[str], bool]) -> bool:
    dotted = dotted_name(value)
    if dotted is None:
        return False
    last = dotted.rsplit(".", 1)[-1]
    return last[:1].isupper() and any(c.islower() for c in last) and is_foreign(dotted)
