"""Call patterns: does this call match a rule's shape? Pure functions of the ``ast.Call``.

``loads-pickled-object`` is the one condition that needs more than the call: whether
its result is used like an arbitrary object (a module, an estimator) rather than a
state dict of tensors, which ``weights_only=True`` (the default since 2.6) still loads.
"""

from __future__ import annotations

import ast

from .rule import Rule

# Attributes that only a pickled object has, never the dict/tensor that weights_only loads.
OBJECT_SIGNALS = frozenset({
    "eval", "train", "forward", "parameters", "named_parameters", "buffers", "named_buffers", "modules",
    "named_modules", "children", "named_children", "state_dict", "zero_grad", "requires_grad_",
    "predict", "fit", "transform", "__dict__",
})


def matches_call(rule: Rule, call: ast.Call) -> bool:
    """The shape test for call, keyword, missing-argument and positional rules (``when`` is checked later)."""
    if rule.kind == "call":
        return True
    if rule.kind == "keyword":
        return any(kw.arg == rule.argument and _has_value(kw.value, rule.value) for kw in call.keywords)
    if rule.kind == "positional":
        return not _has_unpacking(call) and len(call.args) > rule.max_positional
    if rule.kind == "missing-argument":
        if _has_unpacking(call) or any(kw.arg == rule.argument for kw in call.keywords):
            return False
        if rule.position is not None and len(call.args) > rule.position:
            return False
        if rule.when == "loads-pickled-object":
            return _uses_default_weights_only(call)
        return True
    return False


def _has_value(node: ast.expr, wanted) -> bool:
    """No ``value`` in the rule: any value. Otherwise only that literal (``True`` is not ``1``)."""
    if wanted is None:
        return True
    return isinstance(node, ast.Constant) and type(node.value) is type(wanted) and node.value == wanted


def _has_unpacking(call: ast.Call) -> bool:
    """``f(*args)`` / ``f(**kwargs)``: what is passed cannot be known statically, so say nothing."""
    return any(isinstance(a, ast.Starred) for a in call.args) or any(kw.arg is None for kw in call.keywords)


def _uses_default_weights_only(call: ast.Call) -> bool:
    """torch.load(f, map_location, pickle_module, ...): a pickle_module keeps the old default (False)."""
    return len(call.args) < 3 and not any(kw.arg == "pickle_module" for kw in call.keywords)


class LoadedObjects:
    """Tracks ``x = torch.load(...)`` per scope and whether ``x`` is later used as an object."""

    def __init__(self) -> None:
        self.bindings: dict[int, tuple[int, str]] = {}  # id(call) -> (scope, name)
        self.object_names: set[tuple[int, str]] = set()
        self.object_calls: set[int] = set()  # id(call) whose result is used directly as an object

    def bind(self, call: ast.Call, scope: int, target: ast.AST) -> None:
        if isinstance(target, ast.Name):
            self.bindings[id(call)] = (scope, target.id)

    def note_call(self, call: ast.Call, scope: int) -> None:
        """``x(...)`` or ``torch.load(f)(...)``: the loaded thing is callable."""
        if isinstance(call.func, ast.Name):
            self.object_names.add((scope, call.func.id))
        elif isinstance(call.func, ast.Call):
            self.object_calls.add(id(call.func))

    def note_attribute(self, node: ast.Attribute, scope: int) -> None:
        if node.attr not in OBJECT_SIGNALS:
            return
        if isinstance(node.value, ast.Name):
            self.object_names.add((scope, node.value.id))
        elif isinstance(node.value, ast.Call):
            self.object_calls.add(id(node.value))

    def is_object(self, call: ast.Call) -> bool:
        return id(call) in self.object_calls or self.bindings.get(id(call)) in self.object_names
