"""``BCELoss`` given a discriminator's ``(N, 1)`` output and a label of shape ``(N,)``: a ValueError since 1.7.

The GAN tutorials of 2017 build a discriminator that ends in ``nn.Linear(..., 1)`` (with ``nn.Sigmoid()``) and labels
as ``torch.ones(batch_size)``; 0.4 warned about the broadcast and 1.7 made it "ValueError: Using a target size
(torch.Size([N])) that is different to the input size (torch.Size([N, 1])) is deprecated". Known here where the file
says both shapes:

- the input is a name the function binds to a call of a discriminator, or that call itself: a name the file binds
  (only, apart from ``D = D.cuda()``) to an instance of its own ``nn.Module`` class whose ``forward`` returns, last,
  what an ``nn.Sequential`` ending in ``nn.Linear(_, 1)`` (then maybe ``nn.Sigmoid()``) or an ``nn.Linear(_, 1)``
  attribute gives (through ``sigmoid``), or ``x.view(-1, 1)``;
- the target is a name the function binds only to ``torch.ones(n)``/``torch.zeros(n)``/``torch.FloatTensor(n)
  .fill_(v)`` of one size (wrapped in ``Variable``, ``.cuda()`` or ``.to()`` or not), or that call itself;
- the loss is ``F.binary_cross_entropy`` or a name the file binds only to ``nn.BCELoss(...)``.
"""

from __future__ import annotations

import ast
from typing import Callable, Iterator

from .imports import code_scopes, dotted_name, own_nodes, own_statements, unmoved, unwrapped, walk_tree

_BCE_MODULES = frozenset({"torch.nn.BCELoss", "torch.nn.modules.loss.BCELoss"})
_BCE_FUNCTIONS = frozenset({"torch.nn.functional.binary_cross_entropy"})
_FILLS = frozenset({"torch.ones", "torch.zeros", "torch.FloatTensor", "torch.cuda.FloatTensor", "torch.Tensor"})
_KEEPS = frozenset({"cuda", "to", "float", "fill_", "detach", "requires_grad_"})
_SIGMOIDS = frozenset({"torch.sigmoid", "torch.nn.functional.sigmoid", "torch.Tensor.sigmoid"})
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


def bce_size_mismatches(tree: ast.AST, resolve: Callable[[ast.AST], str | None],
                        text: str | None = None) -> Iterator[ast.Call]:
    """Each BCE call given an ``(N, 1)`` output and an ``(N,)`` label (module docstring)."""
    if text is not None and "BCELoss" not in text and "binary_cross_entropy" not in text:
        return
    bindings = _file_bindings(tree)
    column_classes = {node.name for node in walk_tree(tree) if isinstance(node, ast.ClassDef)
                      and _returns_column(node, resolve)}
    if not column_classes:
        return
    losses = {name for name, values in bindings.items()
              if all(isinstance(v, ast.Call) and resolve(v.func) in _BCE_MODULES for v in values)}
    # every binding builds one (or is `D = D.cuda()`), and one really builds it
    nets = {name for name, values in bindings.items() if all(_builds_column_net(v, name, column_classes) for v in values)
            and any(_builds_column_net(v, "", column_classes) for v in values)}
    for holder in code_scopes(tree):
        local = _local_bindings(holder)
        for node in own_nodes(holder):
            if not (isinstance(node, ast.Call) and len(node.args) >= 2):
                continue
            func = dotted_name(node.func)
            if not (func in losses or resolve(node.func) in _BCE_FUNCTIONS or (
                    isinstance(node.func, ast.Call) and resolve(node.func.func) in _BCE_MODULES)):
                continue
            if _column_output(node.args[0], local, nets) and _flat_label(node.args[1], local, resolve):
                yield node


def _file_bindings(tree: ast.AST) -> dict[str, list[ast.expr]]:
    """Every plain or ``self.x`` assignment of the file: dotted target -> the values bound to it."""
    found: dict[str, list[ast.expr]] = {}
    for node in walk_tree(tree):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and (key := dotted_name(node.targets[0])):
            found.setdefault(key, []).append(node.value)
    return found


def _local_bindings(holder: ast.AST) -> dict[str, list[ast.expr]]:
    found: dict[str, list[ast.expr]] = {}
    for statement in own_statements(holder):
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and \
                isinstance(statement.targets[0], ast.Name):
            found.setdefault(statement.targets[0].id, []).append(statement.value)
        elif isinstance(statement, (ast.AugAssign, ast.For, ast.With)):
            for target in ([statement.target] if not isinstance(statement, ast.With)
                           else [item.optional_vars for item in statement.items if item.optional_vars]):
                if isinstance(target, ast.Name):
                    found.setdefault(target.id, []).append(target)  # not a value we read: leaves the name open
    return found


def _builds_column_net(value: ast.expr, name: str, classes: set[str]) -> bool:
    """``discriminator()`` of a column class (``discriminator().cuda()`` too), or ``D.cuda()``/``D.to(device)`` of the
    name itself."""
    built = unmoved(value)
    if isinstance(built, ast.Call) and isinstance(built.func, ast.Name) and built.func.id in classes:
        return True
    return bool(name) and isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and \
        value.func.attr in ("cuda", "to") and dotted_name(value.func.value) == name


def _returns_column(cls: ast.ClassDef, resolve) -> bool:
    """The class's ``forward`` returns, last, an ``(N, 1)`` column (module docstring)."""
    forward = next((item for item in cls.body if isinstance(item, _FUNCTIONS) and item.name == "forward"), None)
    init = next((item for item in cls.body if isinstance(item, _FUNCTIONS) and item.name == "__init__"), None)
    if forward is None or init is None:
        return False
    returns = [node for node in own_nodes(forward) if isinstance(node, ast.Return)]
    if len(returns) != 1 or returns[0].value is None:
        return False
    attributes = {key: values for key, values in _file_bindings(init).items() if key.startswith("self.")}
    assigned = _local_bindings(forward)
    value, seen = returns[0].value, 0
    while seen < 8:
        seen += 1
        if isinstance(value, ast.Name) and len(assigned.get(value.id, ())) >= 1:
            value = assigned[value.id][-1]  # the last binding: forward runs straight through
            if not isinstance(value, ast.expr):
                return False
            continue
        if isinstance(value, ast.Call) and (resolve(value.func) in _SIGMOIDS or (
                isinstance(value.func, ast.Attribute) and value.func.attr == "sigmoid" and not value.args)):
            value = value.args[0] if value.args else value.func.value
            continue
        break
    if _views_column(value):
        return True
    if not (isinstance(value, ast.Call) and (key := dotted_name(value.func)) and key.startswith("self.")):
        return False
    built = attributes.get(key)
    return built is not None and len(built) == 1 and _column_module(built[0], resolve)


def _views_column(value: ast.expr) -> bool:
    """``x.view(-1, 1)``."""
    if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr == "view"
            and len(value.args) == 2):
        return False
    rows, columns = value.args
    return isinstance(rows, ast.UnaryOp) and isinstance(rows.op, ast.USub) and isinstance(rows.operand, ast.Constant) \
        and rows.operand.value == 1 and isinstance(columns, ast.Constant) and columns.value == 1


def _column_module(value: ast.expr, resolve) -> bool:
    """``nn.Linear(k, 1)``, or an ``nn.Sequential`` whose last modules are that and maybe ``nn.Sigmoid()``."""
    if not isinstance(value, ast.Call):
        return False
    api = (resolve(value.func) or "").replace(".modules.linear", "").replace(".modules.container", "")
    if api == "torch.nn.Linear":
        width = value.args[1] if len(value.args) > 1 else next(
            (k.value for k in value.keywords if k.arg == "out_features"), None)
        return isinstance(width, ast.Constant) and width.value == 1
    if api == "torch.nn.Sequential" and value.args and not any(isinstance(a, ast.Starred) for a in value.args):
        modules = list(value.args)
        last = modules[-1]
        if isinstance(last, ast.Call) and (resolve(last.func) or "").endswith("Sigmoid"):
            modules = modules[:-1]
        return bool(modules) and _column_module(modules[-1], resolve)
    return False


def _column_output(value: ast.expr, local: dict[str, list[ast.expr]], nets: set[str]) -> bool:
    if isinstance(value, ast.Name):
        bound = local.get(value.id, ())
        return len(bound) == 1 and _column_output(bound[0], {}, nets)
    return isinstance(value, ast.Call) and dotted_name(value.func) in nets


def _flat_label(value: ast.expr, local: dict[str, list[ast.expr]], resolve) -> bool:
    if isinstance(value, ast.Name):
        bound = local.get(value.id, ())
        return bool(bound) and all(_flat_label(item, {}, resolve) for item in bound)
    value, taken = unwrapped(value, resolve, lambda call: call.func.attr in _KEEPS)
    if not isinstance(value, ast.Call):
        return False
    api = resolve(value.func)
    # torch.ones(n); torch.FloatTensor(n) only when filled (a list or an array passed there has its own shape)
    return (api in ("torch.ones", "torch.zeros") or (api in _FILLS and "fill_" in taken)) and len(value.args) == 1 \
        and not value.keywords and _one_size(value.args[0])


def _one_size(size: ast.expr) -> bool:
    """A batch size: a name, an attribute or ``x.size(0)`` (not a tuple or list of sizes)."""
    return isinstance(size, (ast.Name, ast.Attribute)) or (
        isinstance(size, ast.Call) and isinstance(size.func, ast.Attribute) and size.func.attr == "size"
        and len(size.args) == 1)
