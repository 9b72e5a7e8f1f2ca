"""A scheduler subclass whose own ``step`` needs an argument, built through the base's ``__init__``.

Up to torch 1.3 ``_LRScheduler.__init__`` ran ``self.step(last_epoch + 1)``; since 1.4 it runs ``self.step()``
(2.15: ``_initial_step``), so ``def step(self, epoch):`` without a default raises ``TypeError: ... step() missing
1 required positional argument`` when the class is built. That happens whenever the base's ``__init__`` runs: the
class has no ``__init__`` of its own, or its own calls a base's (skippedinit.py decides). A parameter with a
default, ``*args`` and ``**kwargs`` take nothing, so they are no requirement.
"""

from __future__ import annotations

import ast

from .skippedinit import skipped_init


def required_step(node: ast.ClassDef) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The class's own ``step`` when it needs an argument and the base's ``__init__`` runs, else None."""
    step = next((item for item in node.body if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))
                 and item.name == "step"), None)
    if step is None or step.decorator_list or skipped_init(node) is not None:
        return None
    arguments = step.args
    positional = [*arguments.posonlyargs, *arguments.args][1:]  # past self
    required = len(positional) - len(arguments.defaults) > 0 or any(
        default is None for default in arguments.kw_defaults)
    return step if required else None
