"""``loss.backward(one)`` with ``one = torch.FloatTensor([1])``: a one-element gradient for a 0-dim loss.

The WGAN recipes of 2017 steered the critic with ``errD_real.backward(one)`` and ``errG.backward(mone)``, where
``one = torch.FloatTensor([1])`` and ``mone = one * -1``. Before 0.4 every reduction gave a one-element vector, so the
shapes matched; since 0.4 ``x.mean()`` is 0-dim, and backward refuses a gradient of another shape: ``RuntimeError:
Mismatch in shape: grad_output[0] has a shape of torch.Size([1]) and output[0] has a shape of torch.Size([])``.
A critic output kept one-element (``output.mean(0).view(1)``) still matches, so only a loss the walker proves 0-dim
(zerodim.py) counts, with a gradient it proves a one-element vector: a legacy constructor or ``torch.tensor`` given a
one-item list, ``torch.ones(1)``, a legacy constructor given the size 1 (``torch.Tensor(1).fill_(1)``), wrapped in
``Variable(...)``, moved (``.cuda()``, ``.to(device)``, a project helper named for it: ``to_gpu(args.cuda, x)``), negated
or scaled by a number, or a name bound to one of these (``mone = one * -1``), at module level too when the script binds
it below the function that reads it. The loss may be the call of a module-level critic whose ``forward`` ends in a
full reduction, in the file or in the project module it is imported from (ARAE's ``errG = gan_disc(fake)``).
"""

from __future__ import annotations

import ast
import re
from typing import Callable

from .imports import VARIABLE_CALLS
from .zerodim import python_number

_ONE_ITEM_MAKERS = frozenset({"torch.FloatTensor", "torch.Tensor", "torch.DoubleTensor", "torch.HalfTensor",
                              "torch.cuda.FloatTensor", "torch.cuda.DoubleTensor", "torch.cuda.HalfTensor", "torch.tensor"})
_ONES = frozenset({"torch.ones"})
# a project's helper that moves a tensor it is given to the device: to_gpu(cuda, x), to_var(x), to_device(x, d)
_DEVICE_HELPER = re.compile(r"to_(?:gpu|cuda|var|device)|cuda")
_KEEPING = frozenset({"cuda", "to", "float", "double", "half", "cpu", "detach", "clone", "requires_grad_", "fill_"})


def one_element_vector(value: ast.expr, resolve: Callable[[ast.AST], str | None],
                       named: Callable[[ast.expr], bool]) -> bool:
    """Whether ``value`` is provably a one-element 1-D tensor (module docstring); ``named(node)`` answers for a name or
    ``self.attr`` bound to one."""
    kind = value.__class__
    if kind is ast.Name or kind is ast.Attribute:
        return named(value)
    if kind is ast.UnaryOp and value.op.__class__ is ast.USub:
        return one_element_vector(value.operand, resolve, named)
    if kind is ast.BinOp and value.op.__class__ in (ast.Mult, ast.Div):
        left, right = value.left, value.right
        return (python_number(right) and one_element_vector(left, resolve, named)) or (
            value.op.__class__ is ast.Mult and python_number(left) and one_element_vector(right, resolve, named))
    if kind is not ast.Call:
        return False
    func = value.func
    if func.__class__ is ast.Attribute and func.attr in _KEEPING and resolve(func) is None:
        return one_element_vector(func.value, resolve, named)  # Variable(one).cuda(), one.to(device)
    api = resolve(func)
    if api in VARIABLE_CALLS and len(value.args) == 1:
        return one_element_vector(value.args[0], resolve, named)
    if api is None and func.__class__ is ast.Name and _DEVICE_HELPER.fullmatch(func.id) and value.args:
        return any(one_element_vector(argument, resolve, named) for argument in value.args)  # to_gpu(cuda, one)
    if api in _ONE_ITEM_MAKERS and len(value.args) == 1:
        items = value.args[0]
        if api != "torch.tensor" and isinstance(items, ast.Constant) and items.value == 1 and not value.keywords:
            return True  # torch.Tensor(1).fill_(1): the legacy constructor given a size
        return items.__class__ in (ast.List, ast.Tuple) and len(items.elts) == 1 and python_number(items.elts[0])
    if api in _ONES and len(value.args) == 1:
        size = value.args[0]
        if size.__class__ in (ast.List, ast.Tuple):
            return len(size.elts) == 1 and isinstance(size.elts[0], ast.Constant) and size.elts[0].value == 1
        return isinstance(size, ast.Constant) and size.value == 1
    return False


def passed_gradient(call: ast.Call) -> ast.expr | None:
    """The gradient a ``loss.backward(...)`` call passes: its first argument or ``gradient=``."""
    if call.args:
        return call.args[0]
    return next((keyword.value for keyword in call.keywords if keyword.arg == "gradient"), None)
