"""A BCE loss given ``torch.full(size, 1)`` as its target: an int64 label since 1.7, which the loss refuses.

``torch.full`` gave a float tensor for any fill value up to 1.5; 1.5 warned for a bool or integer fill, 1.6 raised,
and 1.7 gives ``torch.long`` for an integer fill (``torch.bool`` for a bool). GAN and imitation-learning code of the
DCGAN tutorial's era writes ``real_label = 1`` and ``label = torch.full((b,), real_label, device=device)``, then
``criterion(output, label)`` with ``nn.BCELoss``: on 2.15 that raises ``RuntimeError: Found dtype Long but expected
Float`` (``BCEWithLogitsLoss``: ``result type Float can't be cast to the desired output type Long``). Known here where
the file says all of it:

- the loss is ``F.binary_cross_entropy(_with_logits)``, ``nn.BCELoss()(...)`` or a name (``self.criterion`` too) the
  file binds only to ``nn.BCELoss(...)``/``nn.BCEWithLogitsLoss(...)`` (moved with ``.cuda()``/``.to()`` or not);
- the target is that ``torch.full`` call, without ``dtype=`` or ``out=``, or a name the function binds only to one
  (``.to(device)``, ``.cuda()``, ``Variable(...)`` and ``.fill_(v)`` keep the dtype; ``.float()`` does not);
- the fill is an integer literal, a name (``self.real_label`` too) the file binds only to integer literals, or a
  parameter annotated ``int``.

The same tensor as the ``mean`` or ``std`` of ``torch.normal`` (a GAN's noise, ``torch.normal(mean=torch.full((n, 80),
0), std=torch.full((n, 80), 2))``) raises ``NotImplementedError: "normal_kernel_cpu" not implemented for 'Long'``:
reported at that call with api ``torch.normal``.
"""

from __future__ import annotations

import ast
from typing import Callable, Iterator

from .imports import (code_scopes, dotted_name, names_device, own_nodes, own_statements, unmoved, unwrapped,
                      walk_tree)

_LOSS_MODULES = frozenset({"torch.nn.BCELoss", "torch.nn.modules.loss.BCELoss", "torch.nn.BCEWithLogitsLoss",
                           "torch.nn.modules.loss.BCEWithLogitsLoss"})
_LOSS_FUNCTIONS = frozenset({"torch.nn.functional.binary_cross_entropy",
                             "torch.nn.functional.binary_cross_entropy_with_logits"})
_KEEP_DTYPE = frozenset({"cuda", "detach", "fill_", "requires_grad_", "view", "reshape", "squeeze", "unsqueeze"})


def integer_full_targets(tree: ast.AST, resolve: Callable[[ast.AST], str | None],
                         text: str | None = None) -> Iterator[ast.Call | tuple[ast.Call, str]]:
    """Each BCE call whose target is an integer-filled ``torch.full``, and each ``torch.normal`` drawing with one
    (module docstring)."""
    if text is not None and ("full" not in text or "BCE" not in text and "binary_cross_entropy" not in text
                             and "normal(" not in text):
        return
    bound = _file_bindings(tree)
    losses = {name for name, values in bound.items() if all(
        isinstance(built := unmoved(value), ast.Call) and resolve(built.func) in _LOSS_MODULES for value in values)}
    integers = {name for name, values in bound.items() if all(_integer_literal(value) for value in values)}
    for scope in code_scopes(tree):
        local = _local_bindings(scope)
        integers_here = integers | _integer_parameters(scope)
        for node in own_nodes(scope):
            if not isinstance(node, ast.Call):
                continue
            if resolve(node.func) == "torch.normal":
                if any(_integer_full(value, local, integers_here, resolve) for value in _normal_moments(node)):
                    yield node, "torch.normal"
                continue
            if not _is_loss(node.func, losses, resolve):
                continue
            target = node.args[1] if len(node.args) > 1 else next(
                (keyword.value for keyword in node.keywords if keyword.arg == "target"), None)
            if target is not None and _integer_full(target, local, integers_here, resolve):
                yield node, "torch.full"


def _normal_moments(call: ast.Call) -> list[ast.expr]:
    """The tensors ``torch.normal`` draws with: ``mean`` and ``std``, by position or keyword."""
    found = [arg for arg in call.args[:2] if not isinstance(arg, ast.Starred)]
    return found + [keyword.value for keyword in call.keywords if keyword.arg in ("mean", "std")]


def _is_loss(func: ast.expr, losses: set[str], resolve) -> bool:
    if isinstance(func, ast.Call):  # nn.BCELoss()(out, label)
        built = unmoved(func)
        return isinstance(built, ast.Call) and resolve(built.func) in _LOSS_MODULES
    return dotted_name(func) in losses or resolve(func) in _LOSS_FUNCTIONS


def _integer_full(value: ast.expr, local: dict[str, list[ast.expr | None]], integers: set[str], resolve,
                  depth: int = 0) -> bool:
    if isinstance(value, ast.Name):
        values = local.get(value.id, ())
        return depth == 0 and bool(values) and all(
            item is not None and _integer_full(item, {}, integers, resolve, 1) for item in values)
    value, _ = unwrapped(value, resolve, lambda call: call.func.attr in _KEEP_DTYPE
                         or call.func.attr == "to" and _device_move(call))
    if not isinstance(value, ast.Call) or resolve(value.func) != "torch.full" or any(
            keyword.arg in ("dtype", "out") for keyword in value.keywords):
        return False
    fill = value.args[1] if len(value.args) > 1 else next(
        (keyword.value for keyword in value.keywords if keyword.arg == "fill_value"), None)
    return fill is not None and (_integer_literal(fill) or dotted_name(fill) in integers)


def _device_move(call: ast.Call) -> bool:
    """``x.to(device)``, ``x.to(device=d)``: the dtype stays (``x.to(torch.float)`` changes it)."""
    if call.keywords or len(call.args) != 1:
        return all(keyword.arg in ("device", "non_blocking") for keyword in call.keywords) and not call.args
    return names_device(call.args[0])


def _integer_literal(value: ast.expr) -> bool:
    """``1``, ``0``, ``-1`` (not ``True``, not ``1.0``)."""
    if isinstance(value, ast.UnaryOp) and isinstance(value.op, (ast.USub, ast.UAdd)):
        value = value.operand
    return isinstance(value, ast.Constant) and type(value.value) is int


def _integer_parameters(scope: ast.AST) -> set[str]:
    """The parameters annotated ``int`` (``def __call__(self, y_hat, label: int)``)."""
    arguments = getattr(scope, "args", None)
    if arguments is None:
        return set()
    return {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)
            if isinstance(a.annotation, ast.Name) and a.annotation.id == "int"}


def _file_bindings(tree: ast.AST) -> dict[str, list[ast.expr]]:
    """Every plain or ``self.x`` assignment of the file: dotted target -> the values bound to it (a tuple target's
    names get the matching item, an augmented one the whole right side)."""
    found: dict[str, list[ast.expr]] = {}
    for node in walk_tree(tree):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                for part, value in _pairs(target, node.value):
                    if (key := dotted_name(part)) is not None:
                        found.setdefault(key, []).append(value)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)) and (key := dotted_name(node.target)) is not None \
                and node.value is not None:
            found.setdefault(key, []).append(node.value if isinstance(node, ast.AnnAssign) else node)
    return found


def _pairs(target: ast.expr, value: ast.expr) -> list[tuple[ast.expr, ast.expr]]:
    if isinstance(target, (ast.Tuple, ast.List)):
        if isinstance(value, (ast.Tuple, ast.List)) and len(value.elts) == len(target.elts):
            return [pair for part, item in zip(target.elts, value.elts) for pair in _pairs(part, item)]
        return [(part, target) for part in target.elts]  # unpacked from something unread: the target stands in
    return [(target, value)]


def _local_bindings(scope: ast.AST) -> dict[str, list[ast.expr | None]]:
    """Name -> what each of the scope's own bindings gives it (None: a loop, ``with`` or augmented binding)."""
    found: dict[str, list[ast.expr | None]] = {}
    for statement in own_statements(scope):
        if isinstance(statement, ast.Assign):
            for target in statement.targets:
                for part, value in _pairs(target, statement.value):
                    if isinstance(part, ast.Name):
                        found.setdefault(part.id, []).append(value)
        elif isinstance(statement, (ast.AugAssign, ast.AnnAssign, ast.For, ast.AsyncFor)):
            if isinstance(statement.target, ast.Name):
                found.setdefault(statement.target.id, []).append(None)
        elif isinstance(statement, (ast.With, ast.AsyncWith)):
            for item in statement.items:
                if isinstance(item.optional_vars, ast.Name):
                    found.setdefault(item.optional_vars.id, []).append(None)
    return found
