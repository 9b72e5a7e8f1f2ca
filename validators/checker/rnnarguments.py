"""``nn.LSTM(n_in, n_hid, n_layers, dropout)``: an RNN module built with arguments of a type torch 2.11 refuses.

Since 2.11 ``RNNBase.__init__`` raises ``TypeError`` for a ``bias`` or ``batch_first`` that is not a ``bool`` and an
``input_size`` or ``hidden_size`` that is not an ``int`` ("bias should be of type bool, got: float", run on 2.15).
Reported only where the source shows the wrong type: a number, string or ``None`` literal for a flag, or a name
spelling a dropout rate (``dropout``, ``self.drop_prob``) where a flag sits, the usual slip of passing the rate
fourth, where ``bias`` is (fifth for ``nn.RNN``, whose fourth is ``nonlinearity``); a float literal or a true
division (``hidden / 2``) for a size. A name, an attribute or a call for a flag or a size may be of any type: left
alone.
"""

from __future__ import annotations

import ast
import re
from typing import Callable, Iterator

from .imports import walk_tree

# class -> the positions of (input_size, hidden_size, bias, batch_first) among its positional arguments
_POSITIONS = {
    "torch.nn.LSTM": (0, 1, 3, 4), "torch.nn.GRU": (0, 1, 3, 4), "torch.nn.RNN": (0, 1, 4, 5),
    "torch.nn.modules.rnn.LSTM": (0, 1, 3, 4), "torch.nn.modules.rnn.GRU": (0, 1, 3, 4),
    "torch.nn.modules.rnn.RNN": (0, 1, 4, 5),
}
_SIZES, _FLAGS = ("input_size", "hidden_size"), ("bias", "batch_first")
_DROPOUT = re.compile(r"(?i)\w*drop\w*")


def mistyped_rnn_arguments(tree: ast.AST, resolve: Callable[[ast.AST], str | None],
                           text: str | None = None) -> Iterator[tuple[ast.Call, str]]:
    """Each RNN, LSTM or GRU construction passing a flag or a size of a type the target refuses, with its class."""
    if text is not None and not any(word in text for word in ("LSTM(", "GRU(", "RNN(")):
        return
    for node in walk_tree(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, (ast.Name, ast.Attribute))):
            continue
        if (api := resolve(node.func)) not in _POSITIONS:
            continue
        if any(_wrong(name, value) for name, value in _arguments(node, _POSITIONS[api])):
            yield node, api.replace(".modules.rnn", "")


def _arguments(call: ast.Call, positions: tuple[int, ...]) -> Iterator[tuple[str, ast.expr]]:
    for name, position in zip(_SIZES + _FLAGS, positions):
        if position < len(call.args) and not any(isinstance(a, ast.Starred) for a in call.args[:position + 1]):
            yield name, call.args[position]
    for keyword in call.keywords:
        if keyword.arg in _SIZES + _FLAGS:
            yield keyword.arg, keyword.value


def _wrong(name: str, value: ast.expr) -> bool:
    if name in _FLAGS:
        if isinstance(value, ast.Constant):
            return not isinstance(value.value, bool)
        last = value.attr if isinstance(value, ast.Attribute) else value.id if isinstance(value, ast.Name) else ""
        return bool(_DROPOUT.fullmatch(last))
    if isinstance(value, ast.Constant):
        return isinstance(value.value, float)
    return isinstance(value, ast.BinOp) and isinstance(value.op, ast.Div)
