"""Values certainly 0-dim, read with ``.data[0]``: the loss-data-index rule beyond receivers named like a loss.

``correct = pred.eq(target).sum()`` then ``correct.data[0]``, or ``x.mean().data[0]`` directly: a reduction over
every dimension (a method called without arguments, or ``torch.sum(x)`` with the tensor alone) is 0-dim since
torch 0.4, so indexing its data raises ``IndexError: invalid index of a 0-dim tensor``. Only what the code spells
counts: a name bound once in the scope to such a reduction, or the reduction itself. A reduction given a dim, a
keepdim, or any other argument is left alone (``max(0)`` returns values and indices). A ``torch.nn.functional`` loss
(``F.cross_entropy(output, target)``) reduces to a mean by default, also 0-dim, unless its call passes
``reduction=`` other than a literal "mean"/"sum" or ``reduce=`` (``reduce=False`` keeps one loss per element).
"""

from __future__ import annotations

import ast
from typing import Callable

from .imports import own_statements
from .patterns import reduces, zero_dim_read

_FULL_REDUCTIONS = frozenset({"sum", "mean", "max", "min", "prod", "norm", "std", "var", "argmax", "argmin", "all",
                              "any", "median", "nansum", "nanmean", "count_nonzero", "amax", "amin"})
# torch.nn.functional losses, reduced to a mean by default (0-dim)
_FUNCTIONAL_LOSSES = frozenset({f"torch.nn.functional.{name}" for name in (
    "binary_cross_entropy", "binary_cross_entropy_with_logits", "cosine_embedding_loss", "cross_entropy", "ctc_loss",
    "gaussian_nll_loss", "hinge_embedding_loss", "huber_loss", "kl_div", "l1_loss", "margin_ranking_loss", "mse_loss",
    "multi_margin_loss", "multilabel_margin_loss", "multilabel_soft_margin_loss", "nll_loss", "poisson_nll_loss",
    "smooth_l1_loss", "soft_margin_loss", "triplet_margin_loss", "triplet_margin_with_distance_loss")})
_OPTION_ROOTS = frozenset({"args", "opt", "opts", "cfg", "config", "hparams", "params", "param"})
_SCALINGS = frozenset({"div", "mul", "add", "sub", "div_", "mul_", "add_", "sub_"})  # by a number: the shape stays


def python_number(node: ast.expr) -> bool:
    """A number literal (``-0.5`` too), ``len(...)``/``int(...)``/``float(...)``, ``math.log(2)``, or a run option
    (``args.batch_size``, ``cfg.TRAIN.LR``)."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        node = node.operand
    if node.__class__ is ast.BinOp and node.op.__class__ in _ARITHMETIC:
        return python_number(node.left) and python_number(node.right)  # cfg.TRAIN.COEFF.COLOR_LOSS * 5
    if isinstance(node, ast.Constant):
        return type(node.value) in (int, float)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        return node.func.id in ("len", "int", "float")
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name):
        return node.func.value.id == "math"
    while isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute):
        node = node.value  # cfg.TRAIN.COEFF.COLOR_LOSS: an option of a nested config
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in _OPTION_ROOTS


_ARITHMETIC = frozenset({ast.Add, ast.Sub, ast.Mult, ast.Div, ast.Pow})
_COMPREHENSIONS = frozenset({ast.ListComp, ast.GeneratorExp})
_FUNCTIONS = frozenset({ast.FunctionDef, ast.AsyncFunctionDef})
_OTHER_BINDINGS = frozenset({ast.For, ast.AsyncFor, ast.AugAssign, ast.AnnAssign})
_SAME_SHAPE = frozenset({"cpu", "cuda", "float", "double", "long", "int", "detach", "clone", "abs", "neg", "sqrt",
                         "exp", "log"})


def is_full_reduction(node: ast.expr, resolve: Callable[[ast.AST], str | None]) -> bool:
    """``x.sum()``, ``x.eq(y).float().mean()``, ``torch.sum(x)``, also followed by shape-keeping calls
    (``.cpu()``, ``.float()``) or negated (``-x.mean()``)."""
    while isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        node = node.operand
    while (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _SAME_SHAPE
           and not node.args and not node.keywords and resolve(node.func) is None):
        node = node.func.value
    if not isinstance(node, ast.Call):
        return False
    api = resolve(node.func)
    if api in _FUNCTIONAL_LOSSES:  # F.cross_entropy(output, target): a mean unless told otherwise
        return reduces(node)
    if not isinstance(node.func, ast.Attribute):
        return False
    if api is not None:  # torch.sum(x): the tensor alone
        return (api.startswith("torch.") and api.rsplit(".", 1)[-1] in _FULL_REDUCTIONS and api.count(".") == 1
                and len(node.args) == 1 and not isinstance(node.args[0], ast.Starred) and not node.keywords)
    return node.func.attr in _FULL_REDUCTIONS and not node.args and not node.keywords


def zero_dim_data_index(node: ast.Subscript, zero_dim: Callable[[ast.expr], bool]) -> str | None:
    """``<0-dim>.data[0]`` (also ``.cpu()`` around ``.data``, or ``.numpy()[0]``): the API that reads it
    (patterns.zero_dim_read), or None. ``zero_dim(value)`` says the value read is 0-dim (a full reduction, a local
    name bound to one, arithmetic of such values: walkbindings.py)."""
    read = zero_dim_read(node)
    if read is None:
        return None
    value, api = read
    return api if zero_dim(value) else None


def zero_dim_expression(value: ast.expr, resolve: Callable[[ast.AST], str | None],
                        leaf: Callable[[ast.expr], bool]) -> bool:
    """A full reduction, or arithmetic of 0-dim values and numbers (``l_d_real + l_d_fake``, ``0.5 * x.mean() ** 2``,
    ``x.mean().div(math.log(2))``, ``sum([p.norm() ** 2 for p in params])``); ``leaf(value)`` decides the rest (a
    name bound to a 0-dim value, a loss module's call)."""
    kind = value.__class__
    if kind is ast.BinOp and value.op.__class__ in _ARITHMETIC:
        parts = (value.left, value.right)
        numbers = [python_number(part) for part in parts]
        return not all(numbers) and all(number or zero_dim_expression(part, resolve, leaf)
                                        for part, number in zip(parts, numbers))
    if kind is ast.UnaryOp and value.op.__class__ is ast.USub:
        return zero_dim_expression(value.operand, resolve, leaf)
    if kind is ast.Call and value.func.__class__ is ast.Name and value.func.id == "sum" and len(value.args) == 1 \
            and not value.keywords and value.args[0].__class__ in _COMPREHENSIONS and resolve(value.func) is None:
        return zero_dim_expression(value.args[0].elt, resolve, leaf)  # a 0-dim total of 0-dim items
    if kind is ast.Call and value.func.__class__ is ast.Attribute and value.func.attr in _SCALINGS \
            and len(value.args) == 1 and not value.keywords and python_number(value.args[0]):
        return zero_dim_expression(value.func.value, resolve, leaf)
    return is_full_reduction(value, resolve) or leaf(value)


def zero_dim_functions(tree: ast.AST, resolve: Callable[[ast.AST], str | None]) -> frozenset[str]:
    """The file's module-level functions (each defined once) whose every ``return`` gives a 0-dim value: a full
    reduction, arithmetic of such values, or a name the function binds once, to one (``intersection = ...;
    return 2 * (intersection / union).mean()``). A call of one is 0-dim wherever the file calls it."""
    functions = [node for node in getattr(tree, "body", ()) if node.__class__ in _FUNCTIONS]
    names = [function.name for function in functions]
    found = set()
    for function in functions:
        if names.count(function.name) > 1 or function.name in found:
            continue
        bound: dict[str, int] = {}
        zero: set[str] = set()
        returned = []
        for statement in own_statements(function):
            if statement.__class__ is ast.Return:
                returned.append(statement.value)
            elif statement.__class__ is ast.Assign:
                for target in statement.targets:
                    for node in ast.walk(target):
                        if node.__class__ is ast.Name:
                            bound[node.id] = bound.get(node.id, 0) + 1
                if len(statement.targets) == 1 and statement.targets[0].__class__ is ast.Name and zero_dim_expression(
                        statement.value, resolve, lambda v: v.__class__ is ast.Name and v.id in zero):
                    zero.add(statement.targets[0].id)
            elif statement.__class__ in _OTHER_BINDINGS:
                for node in ast.walk(statement.target):
                    if node.__class__ is ast.Name:
                        bound[node.id] = bound.get(node.id, 0) + 2  # bound by a loop or in place: not once
        single = {name for name in zero if bound.get(name) == 1}
        if returned and all(value is not None and zero_dim_expression(
                value, resolve, lambda v: v.__class__ is ast.Name and v.id in single) for value in returned):
            found.add(function.name)
    return frozenset(found)
