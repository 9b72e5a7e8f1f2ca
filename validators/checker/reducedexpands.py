"""``x / x.norm(2, 1).expand_as(x)``: a reduction written for torch before 0.2, which kept the reduced dimension.

Up to 0.1.12 a reduction over one dimension (``sum``, ``mean``, ``norm``, ``max``...) left that dimension in place
with size 1, so expanding the result back over its input was the usual way to normalise. Since 0.2
(pytorch/pytorch#1492) ``keepdim`` defaults to False and the dimension is gone: ``expand_as`` lines the shorter
shape up from the right and raises "The expanded size of the tensor (C) must match the existing size (N) at
non-singleton dimension 1", or, where the sizes happen to agree, broadcasts along the wrong axis.

Known here where the tensor expanded over is the very one reduced (the same expression, or an elementwise power or
method of it: ``x.pow(2).sum(1).expand_as(x)``), the dimension is an int
literal of at least 1 (a reduction over dimension 0 broadcasts back correctly) and no ``keepdim`` is passed:
``A.sum(1).expand_as(A)``, ``A.max(1)[0].expand_as(A)``, ``torch.norm(A, 2, 1).expand_as(A)``,
``A.mean(1).expand(A.size())``, or through a name whose latest binding above is one (``top = A.max(1)[0]`` ...
``top.expand_as(A)``).
"""

from __future__ import annotations

import ast
import re
from typing import Callable, Iterator

from .imports import code_scopes, name_values, own_nodes, walk_nodes, walk_tree

# methods (and torch functions) that reduce over the dimension given first; norm takes it after p
_REDUCTIONS = frozenset({"sum", "mean", "prod", "std", "var", "logsumexp", "amax", "amin"})
_PAIRED = frozenset({"max", "min", "median", "mode", "kthvalue"})  # return (values, indices): read with [0]
_DIM_SECOND = frozenset({"norm"})
# a one-argument expand over a tensor or its size: most files that expand at all spell out the sizes instead
# (``x.expand(B, -1, -1)``), and reading every scope of those cost a tenth of a check
_CANDIDATE = re.compile(r"\.expand_as\(|\.expand\([^,()]*(?:\([^()]*\)[^,()]*)*?(?:\.size\(\s*\)|\.shape)\s*\)")


def reduced_expands(tree: ast.AST, resolve: Callable[[ast.AST], str | None],
                    text: str | None = None) -> Iterator[tuple[ast.Call, str]]:
    """Each ``.expand_as(A)`` (or ``.expand(A.size())``) of a reduction of ``A`` that drops the dimension."""
    if text is not None and not _CANDIDATE.search(text):
        return
    for scope in code_scopes(tree):
        held: dict[str, ast.expr | None] = {}  # name -> the tensor its latest binding above reduces, if any
        for node in own_nodes(scope):  # in source order: a binding comes before the uses below it
            _note_binding(node, held, resolve)
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in ("expand_as", "expand") and len(node.args) == 1 and not node.keywords):
                continue
            target = _expanded_over(node)
            if target is None:
                continue
            value = node.func.value
            reduced = held.get(value.id) if isinstance(value, ast.Name) else _dropping_reduction(value, resolve)
            if reduced is not None and _elementwise_of(reduced, ast.dump(target)):
                yield node, "torch.Tensor.expand_as"


def _elementwise_of(value: ast.expr, target: str) -> bool:
    """``value`` is the tensor dumped as ``target``, or of its shape: an elementwise method or power of it
    (``A.pow(2)``, ``A ** 2``, ``A.abs()``, ``A * A``), pytorch-es' ``out.pow(2).sum(1).expand_as(out)``."""
    if ast.dump(value) == target:
        return True
    if isinstance(value, ast.BinOp) and isinstance(value.op, (ast.Pow, ast.Mult, ast.Add, ast.Sub, ast.Div)):
        sides = [value.left, value.right]
        return any(_elementwise_of(side, target) for side in sides) and all(
            _elementwise_of(side, target) or (isinstance(side, ast.Constant) and type(side.value) in (int, float))
            for side in sides)
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr in _ELEMENTWISE \
            and all(isinstance(argument, ast.Constant) for argument in value.args) and not value.keywords:
        return _elementwise_of(value.func.value, target)
    return False


# tensor methods that keep the shape, given numbers at most
_ELEMENTWISE = frozenset({"pow", "abs", "exp", "log", "sqrt", "square", "neg", "float", "double", "mul", "div", "add",
                          "sub", "sigmoid", "tanh", "clamp", "detach", "clone"})


def _note_binding(node: ast.AST, held: dict[str, ast.expr | None], resolve) -> None:
    """``max_logits = logits.max(1)[0]``: the name now holds a reduction of ``logits``; any other binding of a name
    (a tuple item, a loop target, ``+=``) ends what it held. The latest binding above a use is the one read
    (``norm = torch.norm(x, 2, 1) + 1e-10`` rebound for each of three embeddings in turn)."""
    if isinstance(node, ast.Assign):
        for target in node.targets:
            for name in walk_nodes(target):
                if isinstance(name, ast.Name):
                    held[name.id] = _dropping_reduction(node.value, resolve) if target is name else None
    elif isinstance(node, (ast.AugAssign, ast.AnnAssign, ast.For, ast.AsyncFor, ast.NamedExpr)):
        for name in walk_nodes(node.target):
            if isinstance(name, ast.Name):
                held[name.id] = None


def _expanded_over(call: ast.Call) -> ast.expr | None:
    """``A`` of ``.expand_as(A)``, ``.expand(A.size())`` or ``.expand(A.shape)``."""
    argument = call.args[0]
    if call.func.attr == "expand_as":
        return argument
    if isinstance(argument, ast.Call) and isinstance(argument.func, ast.Attribute) and argument.func.attr == "size" \
            and not argument.args and not argument.keywords:
        return argument.func.value
    if isinstance(argument, ast.Attribute) and argument.attr == "shape":
        return argument.value
    return None


def _dropping_reduction(value: ast.expr, resolve) -> ast.expr | None:
    """The reduced tensor, when ``value`` reduces one dimension >= 1 without keepdim (``+ 1e-10`` or another number
    added, subtracted, multiplied or divided keeps the shape: ``norm = torch.norm(x, 2, 1) + 1e-10``)."""
    while isinstance(value, ast.BinOp) and isinstance(value.op, (ast.Add, ast.Sub, ast.Mult, ast.Div)):
        numbers = [isinstance(side, ast.Constant) and type(side.value) in (int, float)
                   for side in (value.left, value.right)]
        if numbers.count(True) != 1:
            return None
        value = value.right if numbers[0] else value.left
    paired = False
    if isinstance(value, ast.Subscript) and isinstance(value.slice, ast.Constant) and value.slice.value == 0:
        value, paired = value.value, True
    elif isinstance(value, ast.Attribute) and value.attr == "values":
        value, paired = value.value, True
    if not isinstance(value, ast.Call) or not isinstance(value.func, ast.Attribute):
        return None
    name = value.func.attr
    if not (name in _REDUCTIONS or name in _DIM_SECOND or (paired and name in _PAIRED)):
        return None
    if any(keyword.arg == "keepdim" for keyword in value.keywords):
        return None  # keepdim=False spelled out is the new default chosen on purpose
    arguments = list(value.args)
    qualified = resolve(value.func)
    if qualified is not None and qualified.startswith("torch.") and qualified.rsplit(".", 1)[-1] == name:
        if not arguments:
            return None
        reduced = arguments.pop(0)  # torch.sum(A, 1)
    else:
        reduced = value.func.value
    position = 1 if name in _DIM_SECOND or name == "kthvalue" else 0  # norm(p, dim), kthvalue(k, dim)
    dim = next((keyword.value for keyword in value.keywords if keyword.arg == "dim"),
               arguments[position] if len(arguments) > position else None)
    if not (isinstance(dim, ast.Constant) and type(dim.value) is int and dim.value >= 1):
        return None
    return reduced


# a second one-dimension reduction (or a squeeze) straight after a first: reductions chained by hand
_CHAINED = re.compile(r"\)(?:\[0\])?\.(?:sum|mean|prod|std|var|logsumexp|amax|amin|max|min|squeeze)\(\s*\d")


def chained_reductions(tree: ast.AST, resolve: Callable[[ast.AST], str | None],
                       text: str | None = None) -> Iterator[tuple[ast.Call, str]]:
    """``x.sum(2).sum(3)``, ``x.max(2)[0].max(3)[0]``, ``x.view(N, C, -1).mean(2).squeeze(2)``: code written while a
    reduction kept its dimension (before 0.2). The second call names a dimension of the original tensor, but the
    first one dropped a dimension below it, so the index now points one further: past the end it raises IndexError
    "Dimension out of range" (its usual case: the spatial dims 2 and 3 of an N x C x H x W map). Read where the
    second dim is the int literal just above the first, itself at least 1 (``x.sum(1).sum(1)`` reduces two dims on
    purpose; ``f.mean(0).mean(1)`` of a C x H x W map runs, over other dims, so no error says so), and a squeeze of
    the reduced dim where a ``view`` just before (or bound once to the name reduced) gives the rank, so that dim was
    the last."""
    if text is not None and not _CHAINED.search(text):
        return
    if text is not None and ".squeeze(" not in text:
        yield from _chained_in(walk_tree(tree), resolve, {})  # no squeeze: no view's rank is asked
        return
    for scope in code_scopes(tree):
        nodes = list(own_nodes(scope))
        views = {name: values[0] for name, values in name_values(nodes).items()
                 if len(values) == 1 and _view_rank(values[0]) is not None and _known_chain(values[0].func.value)}
        yield from _chained_in(nodes, resolve, views)


def _view_rank(value: ast.expr | None) -> int | None:
    """The rank ``x.view(a, -1)`` / ``x.reshape(n, c, -1)`` gives: its count of sizes, none starred."""
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr in ("view", "reshape") \
            and value.args and not value.keywords and not any(isinstance(a, ast.Starred) for a in value.args) \
            and not (len(value.args) == 1 and not isinstance(value.args[0], (ast.Constant, ast.UnaryOp))):
        return len(value.args)
    return None


# tensor methods a view's receiver may be made with: a chain of anything else (OpenNMT's ``x.tranpose(0, 1)``, a
# typo that raises AttributeError first) proves no rank
_CHAIN_METHODS = frozenset({"transpose", "permute", "contiguous", "view", "reshape", "flatten", "detach", "clone",
                            "cpu", "cuda", "float", "double", "half", "to"})


def _known_chain(node: ast.expr) -> bool:
    """``x_init.transpose(0, 1).contiguous()``: a name or attribute, then only the calls above."""
    while isinstance(node, ast.Call):
        if not (isinstance(node.func, ast.Attribute) and node.func.attr in _CHAIN_METHODS):
            return False
        node = node.func.value
    return isinstance(node, (ast.Name, ast.Attribute))


def _chained_in(nodes, resolve, views: dict[str, ast.expr]) -> Iterator[tuple[ast.Call, str]]:
    """chained_reductions in one scope; ``views``: names the scope binds once to a view of known rank."""
    for node in nodes:
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and len(node.args) == 1
                and not node.keywords and isinstance(second := node.args[0], ast.Constant)
                and type(second.value) is int):
            continue
        name, inner = node.func.attr, node.func.value
        paired = isinstance(inner, ast.Subscript) and isinstance(inner.slice, ast.Constant) and inner.slice.value == 0
        first = inner.value if paired else inner
        if not (isinstance(first, ast.Call) and isinstance(first.func, ast.Attribute) and len(first.args) == 1
                and not first.keywords and isinstance(dim := first.args[0], ast.Constant) and type(dim.value) is int
                and dim.value >= 0 and (first.func.attr in _PAIRED if paired else first.func.attr in _REDUCTIONS)):
            continue
        if resolve(first.func) is not None:
            continue  # np.sum(x).sum(1), torch.sum(x, 1): a function of a module, not a chain of tensor methods
        if name == "squeeze":
            shaped = first.func.value
            if isinstance(shaped, ast.Name) and shaped.id in views:  # t = x.view(c, -1) ... t.mean(1).squeeze(1)
                shaped = views[shaped.id]
            if second.value == dim.value and _view_rank(shaped) == dim.value + 1:
                yield node, "torch.Tensor.squeeze"
        elif (name in _REDUCTIONS or name in _PAIRED) and second.value == dim.value + 1 and dim.value >= 1:
            yield node, f"torch.Tensor.{name}"
