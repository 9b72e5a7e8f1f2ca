"""``torch.save(getattr(self, name), path)`` in a loop over attribute names: the attributes themselves, whole.

A class that saves its parts one file each (``for name in self.save_attr_names: torch.save(getattr(self, name),
f"{cwd}/{name}.pth")``) pickles whatever those attributes hold. When the names come from a literal list, tuple or
set (in the loop itself, or bound to ``self.<attr>`` anywhere in the class) and one of them names a model or an
optimizer (``act_optimizer``, ``model``, ``net``), that file holds a whole ``nn.Module`` or ``Optimizer``: torch
2.15's weights_only load refuses it ("Unsupported global: GLOBAL torch.optim.adam.Adam", checked), so a load of the
same path without ``weights_only=False`` fails. A ``state_dict()`` is never spelled ``getattr(self, name)``.
"""

from __future__ import annotations

import ast
import re

from .loadedforms import is_model_name  # the names a whole model goes by (loadedforms.py)
from .imports import walk_nodes

_OPTIMIZER = r"(?i)optim"  # text: re compiles it when first asked


def _strings(node: ast.expr) -> tuple[str, ...]:
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        return tuple(item.value for item in node.elts if isinstance(item, ast.Constant) and isinstance(item.value, str))
    return ()


def _class_binding(owner: ast.ClassDef, attr: str) -> tuple[str, ...]:
    """The string items of a literal collection the class binds to ``self.<attr>`` (any method)."""
    for node in walk_nodes(owner):
        if isinstance(node, ast.Assign) and isinstance(node.value, (ast.List, ast.Tuple, ast.Set)) and any(
                isinstance(target, ast.Attribute) and target.attr == attr and isinstance(target.value, ast.Name)
                and target.value.id == "self" for target in node.targets):
            return _strings(node.value)
    return ()


def saved_attribute_names(saved: ast.expr, scope: int, loops: list[tuple[ast.expr, ast.expr, int]],
                          owner: ast.ClassDef | None) -> tuple[str, ...]:
    """The attribute names ``getattr(self, name)`` takes, when ``name`` is the target of a loop of this scope over a
    literal collection of strings (or over ``self.<attr>`` bound to one in ``owner``)."""
    if not (isinstance(saved, ast.Call) and isinstance(saved.func, ast.Name) and saved.func.id == "getattr"
            and len(saved.args) >= 2 and isinstance(saved.args[0], ast.Name) and saved.args[0].id == "self"
            and isinstance(saved.args[1], ast.Name)):
        return ()
    name = saved.args[1].id
    for target, iterable, where in reversed(loops):
        if where == scope and isinstance(target, ast.Name) and target.id == name:
            if isinstance(iterable, ast.Attribute) and isinstance(iterable.value, ast.Name) and \
                    iterable.value.id == "self" and owner is not None:
                return _class_binding(owner, iterable.attr)
            return _strings(iterable)
    return ()


def saves_whole_parts(names: tuple[str, ...]) -> bool:
    """One of the saved attributes is named like a model or an optimizer."""
    return any(is_model_name(name) or re.search(_OPTIMIZER, name) for name in names)
