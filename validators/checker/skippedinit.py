"""A subclass of a torch class whose own ``__init__`` never runs the base's ``__init__``.

``class Lookahead(Optimizer)`` wrappers (copied through many training repositories since 2019) set
``param_groups`` and ``state`` by hand and skip ``Optimizer.__init__``. Since torch 1.11 ``Optimizer.zero_grad``
reads ``self.defaults`` (pytorch/pytorch#69936), so the first ``zero_grad()`` raises ``AttributeError: 'Lookahead'
object has no attribute 'defaults'``; since 2.0 it also patches the class's ``step`` with the step hooks, which read
``self._optimizer_step_pre_hooks``. An ``__init__`` counts as running the base's when it calls ``super().__init__``
(any spelling of ``super``) or ``<Base>.__init__(self, ...)``, or binds ``self._optimizer_step_pre_hooks`` itself
(timm's Lookahead sets the attributes the base would). A class defining ``zero_grad``, ``state_dict`` and
``load_state_dict`` itself (a LARS wrapper delegating each to the optimizer it holds) runs none of the base methods
that read those attributes (base ``state_dict()`` raises ``no attribute '_optimizer_state_dict_pre_hooks'``, run on
2.15), and ``step`` is patched only by the base's ``__init__`` or ``zero_grad``: it works.
"""

from __future__ import annotations

import ast

_OWN_HOOKS = "_optimizer_step_pre_hooks"
_REPLACED = frozenset({"zero_grad", "state_dict", "load_state_dict"})  # the base methods a wrapper must define


def skipped_init(node: ast.ClassDef) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The class's own ``__init__`` when it never calls a base's ``__init__`` (module docstring), else None."""
    init = next((item for item in node.body if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))
                 and item.name == "__init__"), None)
    if init is None or _REPLACED <= {item.name for item in node.body
                                    if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))}:
        return None
    for inner in ast.walk(init):
        if isinstance(inner, ast.Attribute) and (
                inner.attr == "__init__" or inner.attr == _OWN_HOOKS and isinstance(inner.ctx, ast.Store)):
            return None  # super().__init__(...), Base.__init__(self, ...), or the hooks set by hand
    return init
