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

from .imports import dotted_name, names_in_target, own_statements, walk_nodes
from .patterns import reduces, zero_dim_read

_FULL_REDUCTIONS = frozenset({"sum", "mean", "max", "min", "prod", "norm", "std", "var", "argmax", "argmin", "all",
                              "any", "median", "nansum", "nanmean", "count_nonzero", "amax", "amin"})
# torch.nn.functional losses, reduced to a mean by default (0-dim)
_FUNCTIONAL_LOSSES = frozenset({f"torch.nn.functional.{name}" for name in (
    "binary_cross_entropy", "binary_cross_entropy_with_logits", "cosine_embedding_loss", "cross_entropy", "ctc_loss",
    "gaussian_nll_loss", "hinge_embedding_loss", "huber_loss", "kl_div", "l1_loss", "margin_ranking_loss", "mse_loss",
    "multi_margin_loss", "multilabel_margin_loss", "multilabel_soft_margin_loss", "nll_loss", "poisson_nll_loss",
    "smooth_l1_loss", "soft_margin_loss", "triplet_margin_loss", "triplet_margin_with_distance_loss")})
# reductions that give a tensor when given a dim (max, min and median give (values, indices) then)
_DIM_REDUCTIONS = frozenset({"sum", "mean", "prod", "norm", "std", "var", "argmax", "argmin", "all", "any", "nansum",
                             "nanmean", "count_nonzero", "amax", "amin", "logsumexp"})
# functions of one tensor that keep its shape: of a full reduction, still 0-dim
_ELEMENTWISE = frozenset({f"torch.{name}" for name in ("sqrt", "exp", "log", "abs", "neg", "sigmoid", "tanh", "rsqrt")})
_DOTS = frozenset({"torch.dot", "torch.vdot"})
_OPTION_ROOTS = frozenset({"args", "opt", "opts", "cfg", "config", "hparams", "params", "param"})
# by a number or a 0-dim value: the shape stays
_SCALINGS = frozenset({"div", "mul", "add", "sub", "div_", "mul_", "add_", "sub_"})


def python_number(node: ast.expr, numbers: frozenset[str] | set[str] = frozenset()) -> bool:
    """A number literal (``-0.5`` too), ``len(...)``/``int(...)``/``float(...)``, ``math.log(2)``, a run option
    (``args.batch_size``, ``cfg.TRAIN.LR``), or one of ``numbers`` (local names known to hold one)."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        node = node.operand
    if node.__class__ is ast.BinOp and node.op.__class__ in _ARITHMETIC:
        return python_number(node.left, numbers) and python_number(node.right, numbers)  # cfg.TRAIN.COEFF.COLOR_LOSS * 5
    if node.__class__ is ast.Name:
        return node.id in numbers
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
    if api in _ELEMENTWISE and len(node.args) == 1 and not node.keywords:
        return is_full_reduction(node.args[0], resolve)  # torch.sqrt(torch.mean(d ** 2))
    if api in _DOTS:
        return len(node.args) == 2 and not node.keywords  # torch.dot(a, b): 1-D inputs, a 0-dim product
    if api is not None:  # torch.sum(x): the tensor alone
        return (api.startswith("torch.") and api.rsplit(".", 1)[-1] in _FULL_REDUCTIONS and api.count(".") == 1
                and len(node.args) == 1 and not isinstance(node.args[0], ast.Starred) and not node.keywords)
    if node.func.attr in _FULL_REDUCTIONS and not node.args and not node.keywords:
        return not array_library_value(node.func.value)
    if node.func.attr in ("dot", "vdot") and len(node.args) == 1 and not node.keywords:
        return True  # a.dot(b): 1-D tensors only, a 0-dim product
    if node.func.attr == "norm" and len(node.args) == 1 and not node.keywords and \
            isinstance(p := node.args[0], ast.Constant) and type(p.value) in (int, float):
        return not array_library_value(node.func.value)  # v.norm(2): the p-norm of every element, no dim given
    return node.func.attr in _DIM_REDUCTIONS and _first_dim(node) and _one_dim(node.func.value, resolve)


_ARRAY_LIBRARIES = frozenset({"np", "numpy", "pd", "pandas"})


def array_library_value(node: ast.expr) -> bool:
    """``pd.DataFrame(rows)``, ``np.array(x).T``, ``bn.running_mean.cpu().numpy()``: a chain built on a NumPy or
    pandas call or through ``.numpy()``, whose ``.mean()`` is no tensor (``pd.DataFrame(ranks).mean()[0]`` reads a
    Series; ``round(v.cpu().numpy().max(), 4)`` rounds a NumPy scalar)."""
    while isinstance(node, (ast.Attribute, ast.Subscript)) or (isinstance(node, ast.Call) and
                                                               isinstance(node.func, ast.Attribute)):
        if isinstance(node, ast.Call) and ((dotted_name(node.func) or "").partition(".")[0] in _ARRAY_LIBRARIES
                                           or node.func.attr == "numpy" and not node.args):
            return True
        node = node.func.value if isinstance(node, ast.Call) else node.value
    return False


def _first_dim(call: ast.Call) -> bool:
    """``x.sum(0)``, ``x.mean(dim=-1)``: one reduced dim, 0 or -1 (the only one a 1-D tensor has), no keepdim."""
    arguments = [*call.args, *(keyword.value for keyword in call.keywords if keyword.arg == "dim")]
    if len(arguments) != 1 or any(keyword.arg not in ("dim", "dtype") for keyword in call.keywords):
        return False
    dim = arguments[0]
    if isinstance(dim, ast.UnaryOp) and isinstance(dim.op, ast.USub) and isinstance(dim.operand, ast.Constant):
        return dim.operand.value == 1
    return isinstance(dim, ast.Constant) and type(dim.value) is int and dim.value == 0


def _one_dim(node: ast.expr, resolve: Callable[[ast.AST], str | None]) -> bool:
    """``correct[:k].view(-1).float()``: flattened to 1-D (``view(-1)``, ``reshape(-1)``, ``flatten()``), then only
    shape-keeping calls."""
    while (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _SAME_SHAPE
           and not node.args and not node.keywords and resolve(node.func) is None):
        node = node.func.value
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and not node.keywords):
        return False
    if node.func.attr == "flatten":
        return not node.args
    if node.func.attr in ("view", "reshape") and len(node.args) == 1:
        size = node.args[0]
        return isinstance(size, ast.UnaryOp) and isinstance(size.op, ast.USub) and \
            isinstance(size.operand, ast.Constant) and size.operand.value == 1
    return False


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
                        leaf: Callable[[ast.expr], bool], numbers: frozenset[str] | set[str] = frozenset()) -> bool:
    """A full reduction, or arithmetic of 0-dim values and numbers (``l_d_real + l_d_fake``, ``0.5 * x.mean() ** 2``,
    ``x.mean().div(math.log(2))``, ``sum([p.norm() ** 2 for p in params])``); ``leaf(value)`` decides the rest (a
    name bound to a 0-dim value, a loss module's call)."""
    kind = value.__class__
    if kind is ast.BinOp and value.op.__class__ in _ARITHMETIC:
        parts = (value.left, value.right)
        plain = [python_number(part, numbers) for part in parts]
        return not all(plain) and all(number or zero_dim_expression(part, resolve, leaf, numbers)
                                      for part, number in zip(parts, plain))
    if kind is ast.UnaryOp and value.op.__class__ is ast.USub:
        return zero_dim_expression(value.operand, resolve, leaf, numbers)
    if kind is ast.Call and value.func.__class__ is ast.Name and value.func.id == "sum" and len(value.args) == 1 \
            and not value.keywords and value.args[0].__class__ in _COMPREHENSIONS and resolve(value.func) is None:
        return zero_dim_expression(value.args[0].elt, resolve, leaf, numbers)  # a 0-dim total of 0-dim items
    if kind is ast.Call and value.func.__class__ is ast.Attribute and value.func.attr in _SCALINGS \
            and len(value.args) == 1 and not value.keywords and (python_number(value.args[0], numbers) or (
                zero_dim_expression(value.args[0], resolve, leaf, numbers))):
        # x.mean().div(math.log(2)); v1.dot(v2).div(v1.norm(2) * v2.norm(2)): 0-dim by 0-dim is 0-dim
        return zero_dim_expression(value.func.value, resolve, leaf, numbers)
    if kind is ast.Call and len(value.args) == 1 and not value.keywords and resolve(value.func) in _ELEMENTWISE:
        return zero_dim_expression(value.args[0], resolve, leaf, numbers)  # torch.abs(gamma * D(x) - D(g)): still 0-dim
    return is_full_reduction(value, resolve) or leaf(value)


# methods and attributes NumPy arrays lack: an expression using one works on a tensor (NumPy's sum() gives a scalar that
# round() and indexing accept as it is)
_TENSOR_ONLY = frozenset({"cpu", "cuda", "long", "float", "int", "byte", "half", "double", "eq", "ne", "gt", "lt", "ge",
                          "le", "data", "detach", "numel", "masked_select", "masked_fill"})


def tensor_evidence(value: ast.expr, resolve: Callable[[ast.AST], str | None]) -> bool:
    """``pred.long().eq(y).cpu().sum()``, ``torch.stack(x).mean()``: the expression calls torch, or reads a method or
    attribute only tensors have."""
    for node in walk_nodes(value):
        if node.__class__ is ast.Attribute and node.attr in _TENSOR_ONLY:
            return True
        if node.__class__ is ast.Call and (api := resolve(node.func)) is not None and api.startswith("torch."):
            return True
    return False


VALUE, ITEMS = "value", "items"  # what a function returns: a 0-dim value, or a list of them


def zero_dim_function_kind(tree: ast.AST, name: str, resolve: Callable[[ast.AST], str | None]) -> str | None:
    """What the file's module-level function ``name`` (defined once) returns: VALUE when every ``return`` gives a 0-dim
    value (a full reduction, arithmetic of such values, or a name the function binds once, to one: ``intersection =
    ...; return 2 * (intersection / union).mean()``); ITEMS for a list of them (a name bound once to ``[]`` and given
    only 0-dim values by ``.append``: an ``accuracy`` of the ImageNet example's shape, ``correct_k = correct[:k].view(-1)
    .float().sum(0)``, ``res.append(correct_k.mul_(100.0 / batch_size))``, ``return res``); else None. A call of one is
    0-dim (or its items are) wherever the file calls it."""
    defined = [node for node in getattr(tree, "body", ()) if node.__class__ in _FUNCTIONS and node.name == name]
    return _returned_kind(defined[0], resolve) if len(defined) == 1 else None


def zero_dim_method_kind(method: ast.AST, resolve: Callable[[ast.AST], str | None]) -> str | None:
    """What a class's own method returns, as :func:`zero_dim_function_kind` tells for a module-level function
    (``def accuracy(self, out, y): ...; return corrects.float().sum()``: VALUE)."""
    return _returned_kind(method, resolve)


def zero_dim_functions(tree: ast.AST, resolve: Callable[[ast.AST], str | None]) -> dict[str, str]:
    """Every module-level function of the file with a kind (zero_dim_function_kind): name -> VALUE or ITEMS."""
    names = {node.name for node in getattr(tree, "body", ()) if node.__class__ in _FUNCTIONS}
    return {name: kind for name in names if (kind := zero_dim_function_kind(tree, name, resolve)) is not None}


def zero_dim_call_kind(function: ast.AST, call: ast.Call, resolve: Callable[[ast.AST], str | None]) -> str | None:
    """What this ``call`` of ``function`` returns (VALUE, ITEMS or None) where the call's literal flags, or their
    literal defaults, decide ``if flag:`` tests around its returns: ``kl_loss(mean, logvar)`` of a function that
    returns ``result.mean()`` under ``if average:`` (``average=True`` by default) and ``result`` otherwise."""
    return _returned_kind(function, resolve, _call_flags(function, call, 0))


def _returned_kind(function: ast.AST, resolve: Callable[[ast.AST], str | None],
                   flags: dict[str, object] | None = None) -> str | None:
    bound: dict[str, int] = {}
    numbers: set[str] = set()
    zero: set[str] = set()
    empty: set[str] = set()  # names bound to []
    appended: dict[str, list[ast.expr]] = {}
    statements = list(own_statements(function))
    returned = [statement.value for statement in statements if statement.__class__ is ast.Return]
    if flags:  # the returns of the branches these flags do not take never run
        skipped = {id(node) for statement in statements if statement.__class__ is ast.If
                   and (taken := _flag_test(statement.test, flags)) is not None
                   for branch in ([statement.orelse] if taken else [statement.body])
                   for inner in branch for node in walk_nodes(inner)}
        returned = [statement.value for statement in statements
                    if statement.__class__ is ast.Return and id(statement) not in skipped]
    if not returned or not all(value is not None and _may_be_zero_dim(value, resolve) for value in returned):
        return None  # most functions: a return that is no reduction, arithmetic or name (asked of each called one)
    for statement in statements:
        kind = statement.__class__
        if kind is ast.Assign:
            for target in statement.targets:
                for name in names_in_target(target):
                    bound[name] = bound.get(name, 0) + 1
            target, value = statement.targets[0], statement.value
            if len(statement.targets) != 1 or target.__class__ is not ast.Name:
                continue
            if python_number(value, numbers) or _size_read(value):
                numbers.add(target.id)  # batch_size = target.size(0)
            elif value.__class__ is ast.List and not value.elts:
                empty.add(target.id)
            elif zero_dim_expression(value, resolve, lambda v: v.__class__ is ast.Name and v.id in zero, numbers):
                zero.add(target.id)
        elif kind in _OTHER_BINDINGS:
            for name in names_in_target(statement.target):
                bound[name] = bound.get(name, 0) + 2  # bound by a loop or in place: not once
        if kind is ast.Expr and statement.value.__class__ is ast.Call:
            call = statement.value
            if call.func.__class__ is ast.Attribute and call.func.value.__class__ is ast.Name:
                appended.setdefault(call.func.value.id, []).append(call)
    numbers = {name for name in numbers if bound.get(name) == 1}
    single = {name for name in zero if bound.get(name) == 1}

    def is_zero(value: ast.expr) -> bool:
        return value.__class__ is ast.Name and value.id in single

    if all(zero_dim_expression(value, resolve, is_zero, numbers) for value in returned):
        return VALUE  # (every return has a value: checked above)
    if len(returned) == 1 and returned[0].__class__ is ast.Name and returned[0].id not in single and \
            _last_reduced(function, returned[0].id, resolve, numbers):
        return VALUE  # x = torch.mean(x); return x, after a loop that rebinds x
    lists = {name for name in empty if bound.get(name) == 1 and appended.get(name) and all(
        call.func.attr == "append" and len(call.args) == 1 and not call.keywords
        and zero_dim_expression(call.args[0], resolve, is_zero, numbers) for call in appended[name])}
    if all(value.__class__ is ast.Name and value.id in lists for value in returned):
        return ITEMS
    return None


def _last_reduced(function: ast.AST, name: str, resolve: Callable[[ast.AST], str | None], numbers: set[str]) -> bool:
    """In a body that ends in its one ``return name``, ``name``'s last binding is a statement of the body itself (not in
    a branch or loop) giving a 0-dim value (``for layer in self.layers: x = layer(x)``, ``x = torch.mean(x)``,
    ``return x``; ``correct = correct.view(-1).sum()``). Read from the end: only the statements after that binding are
    searched for another."""
    body = getattr(function, "body", [])
    if not body or body[-1].__class__ is not ast.Return:
        return False
    for statement in reversed(body[:-1]):
        if statement.__class__ is ast.Assign and len(statement.targets) == 1 and \
                statement.targets[0].__class__ is ast.Name and statement.targets[0].id == name:
            return zero_dim_expression(statement.value, resolve, lambda v: False, numbers)
        for node in ast.walk(statement):  # a branch, a loop or any other binding after it: what it leaves is unknown
            if node.__class__ is ast.Return:
                return False
            targets = node.targets if node.__class__ is ast.Assign else [node.target] if node.__class__ in (
                ast.AugAssign, ast.AnnAssign, ast.For, ast.AsyncFor, ast.NamedExpr) else ()
            if any(name in names_in_target(target) for target in targets):
                return False
    return False


def zero_dim_positions(function: ast.AST, call: ast.Call, resolve: Callable[[ast.AST], str | None],
                       skip: int = 0) -> frozenset[int]:
    """The positions of the tuple ``function`` returns that are 0-dim for this ``call``, read in source order with the
    call's literal flags deciding ``if flag:`` tests on its parameters (``loss, RE, KL = self.calculate_loss(x,
    average=True)`` where ``if average: RE = torch.mean(RE)`` comes before ``return loss, RE, KL``). ``skip`` drops
    ``self`` from the positions. Only a function with one ``return``, of a tuple of names, at its own top level."""
    body = getattr(function, "body", [])
    returns = [statement for statement in own_statements(function) if statement.__class__ is ast.Return]
    if len(returns) != 1 or returns[0] is not body[-1] or not isinstance(returns[0].value, ast.Tuple) or not all(
            isinstance(element, ast.Name) for element in returns[0].value.elts):
        return frozenset()
    flags = _call_flags(function, call, skip)
    zero: set[str] = set()

    def walk(statements: list[ast.stmt]) -> None:
        for statement in statements:
            if isinstance(statement, ast.If):
                taken = _flag_test(statement.test, flags)
                if taken is True:
                    walk(statement.body)
                elif taken is False:
                    walk(statement.orelse)
                else:  # either may run: a name either branch binds is unknown after it
                    for inner in walk_nodes(statement):
                        if isinstance(inner, ast.Name) and isinstance(inner.ctx, ast.Store):
                            zero.discard(inner.id)
            elif isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(
                    target := statement.targets[0], ast.Name):
                if zero_dim_expression(statement.value, resolve, lambda v: v.__class__ is ast.Name and v.id in zero):
                    zero.add(target.id)
                else:
                    zero.discard(target.id)
            else:
                for inner in walk_nodes(statement):
                    if isinstance(inner, ast.Name) and isinstance(inner.ctx, ast.Store):
                        zero.discard(inner.id)

    walk(body[:-1])
    return frozenset(position for position, element in enumerate(returns[0].value.elts) if element.id in zero)


def _call_flags(function: ast.AST, call: ast.Call, skip: int) -> dict[str, object]:
    """Each parameter's value in ``call`` where it is a literal (True, False, a number), else its literal default."""
    arguments = function.args
    positional = [a.arg for a in (*arguments.posonlyargs, *arguments.args)][skip:]
    defaults = dict(zip(positional[len(positional) - len(arguments.defaults):], arguments.defaults)) \
        if arguments.defaults else {}
    given = dict(zip(positional, call.args)) | {kw.arg: kw.value for kw in call.keywords if kw.arg is not None}
    flags = {}
    for name in positional + [a.arg for a in arguments.kwonlyargs]:
        value = given.get(name, defaults.get(name))
        if isinstance(value, ast.Constant):
            flags[name] = value.value
    return flags


def _flag_test(test: ast.expr, flags: dict[str, object]) -> bool | None:
    """``if average:`` / ``if not average:`` on a parameter whose value the call gives."""
    if isinstance(test, ast.Name) and test.id in flags:
        return bool(flags[test.id])
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not) and (inner := _flag_test(test.operand, flags)) \
            is not None:
        return not inner
    return None


def _may_be_zero_dim(value: ast.expr, resolve: Callable[[ast.AST], str | None]) -> bool:
    """What a 0-dim value or a list of them may be returned as: a name, arithmetic, a reduction, a scaling or a sum."""
    kind = value.__class__
    if kind is ast.Name or kind is ast.BinOp or kind is ast.UnaryOp:
        return True
    return kind is ast.Call and (is_full_reduction(value, resolve) or value.func.__class__ is ast.Attribute and
                                 value.func.attr in _SCALINGS or value.func.__class__ is ast.Name and value.func.id == "sum")


def _size_read(value: ast.expr) -> bool:
    """``target.size(0)``, ``x.shape[0]``, ``x.numel()``: a Python int."""
    if value.__class__ is ast.Subscript:
        return value.value.__class__ is ast.Attribute and value.value.attr == "shape"
    return value.__class__ is ast.Call and value.func.__class__ is ast.Attribute and (
        value.func.attr == "size" and len(value.args) == 1 or value.func.attr in ("numel", "dim") and not value.args)
