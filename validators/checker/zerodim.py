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

from .patterns import reduces, zero_dim_read

_FULL_REDUCTIONS = frozenset({"sum", "mean", "max", "min", "prod", "norm", "std", "var", "argmax", "argmin", "all",
                              "any", "median", "nansum", "nanmean", "count_nonzero", "amax", "amin"})
# torch.nn.functional losses, reduced to a mean by default (0-dim)
_FUNCTIONAL_LOSSES = frozenset({f"torch.nn.functional.{name}" for name in (
    "binary_cross_entropy", "binary_cross_entropy_with_logits", "cosine_embedding_loss", "cross_entropy", "ctc_loss",
    "gaussian_nll_loss", "hinge_embedding_loss", "huber_loss", "kl_div", "l1_loss", "margin_ranking_loss", "mse_loss",
    "multi_margin_loss", "multilabel_margin_loss", "multilabel_soft_margin_loss", "nll_loss", "poisson_nll_loss",
    "smooth_l1_loss", "soft_margin_loss", "triplet_margin_loss", "triplet_margin_with_distance_loss")})
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


def zero_dim_data_index(node: ast.Subscript, resolve: Callable[[ast.AST], str | None],
                        bound: Callable[[str], bool]) -> str | None:
    """``<0-dim>.data[0]`` (also ``.cpu()`` around ``.data``, or ``.numpy()[0]``): the API that reads it
    (patterns.zero_dim_read), or None. ``bound(name)`` says a local name holds a full reduction."""
    read = zero_dim_read(node)
    if read is None:
        return None
    value, api = read
    if isinstance(value, ast.Name):
        return api if bound(value.id) else None
    return api if is_full_reduction(value, resolve) else None
