"""``float(self.weight.max())`` in a layer's method: a Python number from a parameter, which requires grad.

Quantizing layers (``class QConv2d(nn.Conv2d)``) read their weight's range as numbers on every forward:
``float(self.weight.min())``, or ``sweight = self.weight.clone()`` ... ``float(sweight.max())``. A parameter requires
grad, and so does what is computed from it, so outside ``torch.no_grad()`` the conversion warns since 2.8 ("Converting
a tensor with requires_grad=True to a scalar", gradscalars.py). The weight is known to be a parameter where the class
subclasses a torch layer that owns one, or binds ``self.weight = nn.Parameter(...)`` itself, and binds it to nothing
else. ``.data``, ``.detach()`` and ``.item()`` on the way give no warning.

A tensor the function gives a hook (``logvar.register_hook(hook)``) requires grad too, and so does what it computes
from it. The loop variable of ``for name, p in model.named_parameters():`` (or ``.parameters()``, or either through
``enumerate``) is a parameter too: a model summary that prints ``"%10.3g" % p.mean()`` (the yolov3/yolov5 ``model_info``
copied into many trees) or ``float(p.norm())`` converts one, unless the file freezes parameters
(``p.requires_grad = False``, ``requires_grad_(False)``) or the loop runs under ``no_grad``. ``p.numel()`` and the like
are Python numbers already.
"""

from __future__ import annotations

import ast
from typing import Callable, Iterator

from .gradscalars import NO_GRAD, float_formatted_values, quiet_nodes
from .imports import assigned_pairs, name_values, own_nodes, walk_nodes, walk_tree

# torch layers whose weight (and bias) are parameters from construction
_LAYERS = frozenset(f"torch.nn.{name}" for name in (
    "Conv1d", "Conv2d", "Conv3d", "ConvTranspose1d", "ConvTranspose2d", "ConvTranspose3d", "Linear", "Bilinear",
    "Embedding", "BatchNorm1d", "BatchNorm2d", "BatchNorm3d", "LayerNorm", "GroupNorm", "PReLU"))
_PARAMETERS = frozenset({"torch.nn.Parameter", "torch.nn.parameter.Parameter"})
_HELD = frozenset({"weight", "bias"})
_DETACHING = frozenset({"data", "detach", "item", "tolist", "numpy", "detach_", "requires_grad_"})
# methods of a tensor that answer a Python number, not a tensor
_NUMBER_METHODS = frozenset({"numel", "nelement", "dim", "ndimension", "size", "element_size", "data_ptr", "stride",
                             "storage_offset", "get_device"})
_PARAMETER_ITERATORS = frozenset({"parameters", "named_parameters"})
# what gives a tensor that requires no grad whatever its input: indices, comparisons, integer casts
_UNGRADED = frozenset({"argmax", "argmin", "argsort", "nonzero", "eq", "ne", "gt", "lt", "ge", "le", "long", "int",
                       "bool", "byte", "isnan", "isinf", "isfinite", "is_tensor"})
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


def parameter_scalar_conversions(tree: ast.AST, resolve: Callable[[ast.AST], str | None],
                                 text: str | None = None) -> Iterator[ast.Call]:
    """Each ``float(x)`` in a method of a layer class where ``x`` is computed from ``self.weight`` or ``self.bias``, and
    each conversion of a value computed from the variable of a loop over a model's parameters."""
    if text is None or "float(" in text and ("self.weight" in text or "self.bias" in text):
        for node in walk_tree(tree):
            if isinstance(node, ast.ClassDef) and _holds_parameters(node, resolve):
                for method in node.body:
                    if isinstance(method, _FUNCTIONS) and not _no_grad_function(method, resolve):
                        yield from _in_method(method, resolve)
    if text is None or "parameters()" in text and ("float(" in text or "%" in text):
        yield from _parameter_loops(tree, resolve)
    if text is None or "register_hook(" in text and "float(" in text:
        yield from _hooked_conversions(tree, resolve)


def _hooked_conversions(tree: ast.AST, resolve) -> Iterator[ast.Call]:
    """``float(logvar.min())`` in a function that calls ``logvar.register_hook(hook)``: only a tensor that requires
    grad takes a hook (any other raises), so it and what the function computes from it (``stdev =
    torch.sqrt(torch.exp(logvar))``) warn when converted, outside no_grad."""
    for function in walk_tree(tree):
        if not isinstance(function, _FUNCTIONS) or _no_grad_function(function, resolve):
            continue
        nodes = list(own_nodes(function))
        hooked = {node.func.value.id for node in nodes if isinstance(node, ast.Call)
                  and isinstance(node.func, ast.Attribute) and node.func.attr == "register_hook"
                  and isinstance(node.func.value, ast.Name)}
        if not hooked:
            continue
        values = name_values(nodes)
        if any(name in values for name in hooked):
            continue  # a hooked name also rebound: which value the hook took is not read here
        derived = set(hooked)
        changed = True
        while changed:  # names bound only to values made from a hooked tensor (torch.exp(logvar), a / b)
            changed = False
            for name, bound in values.items():
                if name not in derived and all(value is not None and _derived(value, derived, resolve)
                                               for value in bound):
                    derived.add(name)
                    changed = True
        quiet = quiet_nodes(nodes, resolve)
        for node in nodes:
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "float" \
                    and resolve(node.func) is None and len(node.args) == 1 and not node.keywords \
                    and id(node) not in quiet and _derived(node.args[0], derived, resolve):
                yield node


def _no_grad_function(function: ast.AST, resolve) -> bool:
    return any(resolve(_called(decorator)) in NO_GRAD for decorator in function.decorator_list)


def _parameter_loops(tree: ast.AST, resolve) -> Iterator[ast.Call | ast.BinOp]:
    """``float(p.norm())`` or ``"%g" % p.mean()`` in the body of ``for p in model.parameters():`` outside no_grad."""
    functions, loops = [], []
    for node in walk_tree(tree):  # one walk: most files that spell parameters() only hand them to an optimizer
        if isinstance(node, _FUNCTIONS):
            functions.append(node)
        elif isinstance(node, (ast.For, ast.AsyncFor)) and _parameter_variable(node) is not None:
            loops.append(node)
    if not loops or _freezes_parameters(tree):
        return
    # the scopes holding such a loop: the innermost function around it, or the module
    holders = {id(max((f for f in functions if f.lineno <= loop.lineno <= f.end_lineno), key=lambda f: f.lineno,
                      default=tree)) for loop in loops}
    for scope in (scope for scope in (tree, *functions) if id(scope) in holders):
        if isinstance(scope, _FUNCTIONS) and _no_grad_function(scope, resolve):
            continue
        nodes = list(own_nodes(scope))
        loops = [(node, name) for node in nodes if isinstance(node, (ast.For, ast.AsyncFor))
                 and (name := _parameter_variable(node)) is not None]
        if not loops:
            continue
        quiet = quiet_nodes(nodes, resolve)
        for loop, name in loops:
            body = [inner for statement in loop.body for inner in walk_nodes(statement)]
            if id(loop) in quiet or any(isinstance(inner, ast.Name) and inner.id == name
                                        and not isinstance(inner.ctx, ast.Load) for inner in body):
                continue
            for node in body:
                if id(node) in quiet:
                    continue
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "float" \
                        and resolve(node.func) is None and len(node.args) == 1 and not node.keywords \
                        and node.args[0].__class__ is not ast.Name and _derived(node.args[0], {name}):
                    yield node  # float(p.norm()): float(p) itself raises for a parameter of many elements
                elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and any(
                        value.__class__ is not ast.Name and _derived(value, {name})
                        for value in float_formatted_values(node)):
                    yield node


def _parameter_variable(loop: ast.For | ast.AsyncFor) -> str | None:
    """The name ``for p in m.parameters()``, ``for name, p in m.named_parameters()`` or ``for i, (name, p) in
    enumerate(m.named_parameters())`` binds to each parameter."""
    iterated, target = loop.iter, loop.target
    if isinstance(iterated, ast.Call) and isinstance(iterated.func, ast.Name) and iterated.func.id == "enumerate" \
            and len(iterated.args) == 1 and isinstance(target, ast.Tuple) and len(target.elts) == 2:
        iterated, target = iterated.args[0], target.elts[1]
    if not (isinstance(iterated, ast.Call) and isinstance(iterated.func, ast.Attribute)
            and iterated.func.attr in _PARAMETER_ITERATORS):
        return None
    if iterated.func.attr == "named_parameters":
        if not (isinstance(target, ast.Tuple) and len(target.elts) == 2):
            return None
        target = target.elts[1]
    return target.id if isinstance(target, ast.Name) else None


def _freezes_parameters(tree: ast.AST) -> bool:
    """``p.requires_grad = False`` or ``model.requires_grad_(False)`` somewhere in the file: its loops may walk
    parameters that no longer require grad."""
    for node in walk_tree(tree):
        if isinstance(node, ast.Assign) and any(isinstance(target, ast.Attribute) and target.attr == "requires_grad"
                                                for target in node.targets):
            return True
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "requires_grad_":
            return True
    return False


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
    quiet = quiet_nodes(own_nodes(method), resolve)
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


def _derived(value: ast.expr, derived: set[str], resolve=None) -> bool:
    """``self.weight``, a name bound only to one, or a method chain, arithmetic or own-method call made of one
    (``self.weight.abs().max()``, ``w * scale``, ``self.merge_scale(w, s)``), without a detaching step; with
    ``resolve``, also a torch function of one (``torch.exp(logvar)``)."""
    if isinstance(value, ast.Name):
        return value.id in derived
    if isinstance(value, ast.Attribute):
        return _self_parameter(value)
    if isinstance(value, ast.BinOp):
        return _derived(value.left, derived, resolve) or _derived(value.right, derived, resolve)
    if isinstance(value, ast.UnaryOp):
        return _derived(value.operand, derived, resolve)
    if isinstance(value, ast.Subscript):
        return _derived(value.value, derived, resolve)
    if isinstance(value, ast.Call) and resolve is not None and value.args and \
            (api := resolve(value.func) or "").startswith("torch.") and api.count(".") == 1 and \
            api.rsplit(".", 1)[1] not in _NUMBER_METHODS | _UNGRADED:
        return _derived(value.args[0], derived, resolve)  # torch.sqrt(variance)
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute):
        if value.func.attr in _DETACHING or value.func.attr in _NUMBER_METHODS | _UNGRADED:
            return False
        if _own_method_call(value):  # given one
            return any(_derived(argument, derived, resolve) for argument in value.args)
        return _derived(value.func.value, derived, resolve)
    return False


def _own_method_call(value: ast.expr) -> bool:
    return isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) \
        and isinstance(value.func.value, ast.Name) and value.func.value.id == "self"
