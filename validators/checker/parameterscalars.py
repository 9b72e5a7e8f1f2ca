"""``float(self.weight.max())`` in a layer's method: a Python number from a parameter, which requires grad.

Quantizing layers (``class QConv2d(nn.Conv2d)``) read their weight's range as numbers on every forward:
``float(self.weight.min())``, or ``sweight = self.weight.clone()`` ... ``float(sweight.max())``. A parameter requires
grad, and so does what is computed from it, so outside ``torch.no_grad()`` the conversion warns since 2.8 ("Converting
a tensor with requires_grad=True to a scalar", gradscalars.py). The weight is known to be a parameter where the class
subclasses a torch layer that owns one, or binds ``self.weight = nn.Parameter(...)`` itself, and binds it to nothing
else. ``.data``, ``.detach()`` and ``.item()`` on the way give no warning.
"""

from __future__ import annotations

import ast
from typing import Callable, Iterator

from .gradscalars import NO_GRAD, no_grad_nodes
from .imports import assigned_pairs, own_nodes, walk_nodes, walk_tree

# torch layers whose weight (and bias) are parameters from construction
_LAYERS = frozenset(f"torch.nn.{name}" for name in (
    "Conv1d", "Conv2d", "Conv3d", "ConvTranspose1d", "ConvTranspose2d", "ConvTranspose3d", "Linear", "Bilinear",
    "Embedding", "BatchNorm1d", "BatchNorm2d", "BatchNorm3d", "LayerNorm", "GroupNorm", "PReLU"))
_PARAMETERS = frozenset({"torch.nn.Parameter", "torch.nn.parameter.Parameter"})
_HELD = frozenset({"weight", "bias"})
_DETACHING = frozenset({"data", "detach", "item", "tolist", "numpy", "detach_", "requires_grad_"})
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


def parameter_scalar_conversions(tree: ast.AST, resolve: Callable[[ast.AST], str | None],
                                 text: str | None = None) -> Iterator[ast.Call]:
    """Each ``float(x)`` in a method of a layer class where ``x`` is computed from ``self.weight`` or ``self.bias``."""
    if text is not None and ("float(" not in text or "self.weight" not in text and "self.bias" not in text):
        return
    for node in walk_tree(tree):
        if isinstance(node, ast.ClassDef) and _holds_parameters(node, resolve):
            for method in node.body:
                if isinstance(method, _FUNCTIONS) and not any(
                        resolve(_called(decorator)) in NO_GRAD for decorator in method.decorator_list):
                    yield from _in_method(method, resolve)


def _called(decorator: ast.expr) -> ast.expr:
    return decorator.func if isinstance(decorator, ast.Call) else decorator


def _holds_parameters(cls: ast.ClassDef, resolve) -> bool:
    """The class's ``weight`` and ``bias`` are parameters: it subclasses a torch layer, or binds them to
    ``nn.Parameter(...)``; never to anything else (``self.weight = None``, a buffer's tensor)."""
    bound = [node.value for node in walk_nodes(cls) if isinstance(node, ast.Assign)
             for target in node.targets if _self_parameter(target)]
    if any(not (isinstance(value, ast.Call) and resolve(value.func) in _PARAMETERS) for value in bound):
        return False
    return bool(bound) or any(resolve(base) in _LAYERS for base in cls.bases)


def _self_parameter(node: ast.expr) -> bool:
    return isinstance(node, ast.Attribute) and node.attr in _HELD and isinstance(node.value, ast.Name) \
        and node.value.id == "self"


def _in_method(method: ast.AST, resolve) -> Iterator[ast.Call]:
    quiet = no_grad_nodes(own_nodes(method), resolve)
    values: dict[str, list[ast.expr]] = {}  # name -> every value the method binds it to
    for node in own_nodes(method):
        if isinstance(node, ast.Assign):
            # an unpacked item is unknown, unless an own method made the tuple from a parameter (`w, b =
            # self.merge_scale(w, b, s)`)
            unpacked = node.value if _own_method_call(node.value) else None
            for target in node.targets:
                for part, value in assigned_pairs(target, node.value):  # (w, b = self.weight, self.bias: each its own)
                    for inner in walk_nodes(part):
                        if isinstance(inner, ast.Name):
                            values.setdefault(inner.id, []).append(value if inner is part else unpacked)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign, ast.For, ast.AsyncFor, ast.withitem)):
            target = node.optional_vars if isinstance(node, ast.withitem) else node.target
            for inner in walk_nodes(target) if target is not None else ():
                if isinstance(inner, ast.Name) and not isinstance(node, ast.AugAssign):
                    values.setdefault(inner.id, []).append(None)
    # every name, until one of its values is not derived from a parameter: `sweight = self.weight.clone()` ...
    # `sweight, sbias = self.merge_scale(sweight, sbias, s)` stays derived, a loop through itself
    derived = set(values)
    changed = True
    while changed:
        changed = False
        for name, bound in values.items():
            if name in derived and not all(value is not None and _derived(value, derived) for value in bound):
                derived.discard(name)
                changed = True
    for node in own_nodes(method):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "float" \
                and resolve(node.func) is None and len(node.args) == 1 and not node.keywords \
                and id(node) not in quiet and _derived(node.args[0], derived):
            yield node


def _derived(value: ast.expr, derived: set[str]) -> bool:
    """``self.weight``, a name bound only to one, or a method chain, arithmetic or own-method call made of one
    (``self.weight.abs().max()``, ``w * scale``, ``self.merge_scale(w, s)``), without a detaching step."""
    if isinstance(value, ast.Name):
        return value.id in derived
    if isinstance(value, ast.Attribute):
        return _self_parameter(value)
    if isinstance(value, ast.BinOp):
        return _derived(value.left, derived) or _derived(value.right, derived)
    if isinstance(value, ast.UnaryOp):
        return _derived(value.operand, derived)
    if isinstance(value, ast.Subscript):
        return _derived(value.value, derived)
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute):
        if value.func.attr in _DETACHING:
            return False
        if _own_method_call(value):  # given one
            return any(_derived(argument, derived) for argument in value.args)
        return _derived(value.func.value, derived)
    return False


def _own_method_call(value: ast.expr) -> bool:
    return isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) \
        and isinstance(value.func.value, ast.Name) and value.func.value.id == "self"
