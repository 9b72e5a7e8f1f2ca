"""``torch.istft`` given the old real layout of a spectrum (real and imaginary parts in a last dimension of 2): a
TypeError since 2.0.

Real input to ``istft`` was deprecated in 1.8 and refused from 2.0 (pytorch/pytorch#86628): "istft requires a
complex-valued input tensor matching the output from stft with return_complex=True." Known here where the function
passes ``istft`` a value it made in that layout itself: a ``torch.stft`` without ``return_complex=True`` (the layout
``return_complex=False`` returned; without the keyword the stft itself raises first), ``torch.view_as_real(...)``,
``torch.stack([real, imag], -1)``, or a tensor torch builds with a literal 2 as its last size (``torch.empty((*S.shape,
2))``, Griffin-Lim's phase); and what arithmetic and the layout-keeping methods (``permute``, ``view``, ``.cuda()``...)
make of one, through names bound to such values (``spec *= gain`` keeps it). ``torch.view_as_complex`` and
``torch.complex`` give a complex tensor back.
"""

from __future__ import annotations

import ast
from typing import Callable, Iterator

from .imports import scope_statements, statement_expressions

_ISTFT = "torch.istft"
_KEEPS_LAYOUT = frozenset({"permute", "transpose", "contiguous", "view", "reshape", "unsqueeze", "squeeze", "to",
                           "cuda", "cpu", "clone", "detach", "float", "double", "half", "flip", "mul", "div", "add",
                           "sub", "pow", "sqrt"})
_FACTORIES = frozenset({"torch.empty", "torch.zeros", "torch.ones", "torch.rand", "torch.randn"})


def real_layout_istfts(tree: ast.AST, resolve: Callable[[ast.AST], str | None],
                       text: str | None = None) -> Iterator[ast.Call]:
    """Each ``torch.istft`` call whose input the function made in the real layout (module docstring)."""
    if text is not None and "istft" not in text:
        return
    for _, statements in scope_statements(tree):
        real: set[str] = set()  # names holding a real-layout spectrum at this point of the source
        for statement in statements:  # in source order: a rebinding ends what a name held
            for node in statement_expressions(statement):
                if isinstance(node, ast.Call) and resolve(node.func) == _ISTFT and node.args and \
                        _real_layout(node.args[0], real, resolve):
                    yield node
            if isinstance(statement, ast.Assign):
                made = _real_layout(statement.value, real, resolve)
                for target in statement.targets:
                    if isinstance(target, ast.Name):
                        (real.add if made else real.discard)(target.id)
            elif isinstance(statement, (ast.For, ast.AsyncFor, ast.AnnAssign)) and \
                    isinstance(statement.target, ast.Name):
                real.discard(statement.target.id)


def _real_layout(value: ast.expr, real: set[str], resolve) -> bool:
    if isinstance(value, ast.Name):
        return value.id in real
    if isinstance(value, ast.BinOp):  # spec * mask, S.unsqueeze(-1) * angles
        return _real_layout(value.left, real, resolve) or _real_layout(value.right, real, resolve)
    if isinstance(value, ast.Subscript):  # spec[..., :n, :]: the same layout
        return _real_layout(value.value, real, resolve)
    if not isinstance(value, ast.Call):
        return False
    api = resolve(value.func)
    if api == "torch.stft":
        return not any(keyword.arg == "return_complex" and isinstance(keyword.value, ast.Constant)
                       and keyword.value.value is True for keyword in value.keywords)
    if api == "torch.view_as_real":
        return True
    if api == "torch.stack":
        return _stacks_pair_last(value)
    if api in _FACTORIES:
        return _last_size_two(value)
    if api == "torch.nn.functional.pad" and value.args and _keeps_last(value):
        return _real_layout(value.args[0], real, resolve)  # F.pad(spec, [0, 0, 0, 1]): the pair dimension stays 2
    func = value.func
    return isinstance(func, ast.Attribute) and api is None and func.attr in _KEEPS_LAYOUT and \
        _real_layout(func.value, real, resolve)


def _keeps_last(call: ast.Call) -> bool:
    """``F.pad(x, [0, 0, ...])``: the padding list leaves the last dimension as it is (its first two entries)."""
    pad = call.args[1] if len(call.args) > 1 else next((k.value for k in call.keywords if k.arg == "pad"), None)
    return isinstance(pad, (ast.List, ast.Tuple)) and len(pad.elts) >= 2 and all(
        isinstance(entry, ast.Constant) and entry.value == 0 for entry in pad.elts[:2])


def _stacks_pair_last(call: ast.Call) -> bool:
    """``torch.stack([real, imag], -1)`` (or ``dim=-1``): two tensors stacked on a new last dimension."""
    pieces = call.args[0] if call.args else None
    dim = call.args[1] if len(call.args) > 1 else next((k.value for k in call.keywords if k.arg == "dim"), None)
    return isinstance(pieces, (ast.List, ast.Tuple)) and len(pieces.elts) == 2 and isinstance(dim, ast.UnaryOp) and \
        isinstance(dim.op, ast.USub) and isinstance(dim.operand, ast.Constant) and dim.operand.value == 1


def _last_size_two(call: ast.Call) -> bool:
    """``torch.empty((*S.shape, 2))``, ``torch.zeros(b, f, t, 2)``: a literal 2 as the last size."""
    sizes = call.args[0].elts if len(call.args) == 1 and isinstance(call.args[0], (ast.Tuple, ast.List)) else call.args
    return len(sizes) > 1 and isinstance(last := sizes[-1], ast.Constant) and last.value == 2
