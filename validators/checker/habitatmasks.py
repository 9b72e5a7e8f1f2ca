"""uint8 "not done" masks handed to habitat-baselines' recurrent state encoder, which reads them with ``torch.where``.

habitat-baselines builds its policies' RNN with ``build_rnn_state_encoder`` (from v0.1.7 on), and that encoder
resets the hidden state of finished episodes with ``torch.where(masks.view(1, -1, 1), hidden_states, ...)``. VLN-CE
and the trainers copied from it make their masks with ``dtype=torch.uint8`` (``not_done_masks = torch.zeros(n, 1,
dtype=torch.uint8)``) and hand them to ``policy.act(...)``, several modules away from the library call: on 2.15
each step warns "where received a uint8 condition tensor. This behavior is deprecated". The mask is reported where it
is made, in a sub-project one of whose files imports ``build_rnn_state_encoder`` (check._project_names); what is
read here is a torch factory call given ``dtype=torch.uint8`` and bound to a name (or attribute) ending in ``masks``.
"""

from __future__ import annotations

import ast
from typing import Callable, Iterator

from .imports import dotted_name, walk_tree

# the passed kind (check._project_names) of a sub-project that builds habitat-baselines' state encoder
HABITAT_ENCODER = "habitat-encoder"
BUILDS_STATE_ENCODER = ("habitat_baselines", "build_rnn_state_encoder")
_FACTORIES = frozenset({f"torch.{name}" for name in (
    "zeros", "ones", "tensor", "as_tensor", "zeros_like", "ones_like", "full", "full_like", "empty")})


def builds_state_encoder(text: str) -> bool:
    return all(name in text for name in BUILDS_STATE_ENCODER)


def uint8_episode_masks(tree: ast.AST, resolve: Callable[[ast.AST], str | None]) -> Iterator[ast.Assign]:
    """Each ``...masks = torch.<factory>(..., dtype=torch.uint8)`` of the file (module docstring)."""
    for node in walk_tree(tree):
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(call := node.value, ast.Call)):
            continue
        target = dotted_name(node.targets[0]) or ""
        if not target.rsplit(".", 1)[-1].lower().endswith("masks") or resolve(call.func) not in _FACTORIES:
            continue
        dtype = next((keyword.value for keyword in call.keywords if keyword.arg == "dtype"), None)
        if dtype is not None and resolve(dtype) == "torch.uint8":
            yield node
