"""Attributes that hold a constructor parameter annotated with another library's class.

``def __init__(self, scheduler: Scheduler | None = None)`` with ``from olmo_core.optim.scheduler import
Scheduler``: the parameter is OLMo-core's scheduler, not torch's (the walker's ``foreign`` names). Stored as
``self.scheduler = scheduler``, or handed to the base class as ``super().__init__(scheduler=scheduler)`` (a base
keeps a keyword under its own name), ``self.scheduler`` in the class's methods is that object, so a method rule
that knows its receiver only by name (``scheduler.get_lr()``) is not about it. The class is the one being
walked; its methods are read after its ``__init__`` in the usual order.
"""

from __future__ import annotations

import ast
from typing import Callable


def stored_foreign(assign: ast.Assign, owner: str, foreign: Callable[[str], bool]) -> set[tuple[str, str]]:
    """``self.x = param`` with ``param`` foreign: {(owner, "x")}."""
    if not (isinstance(assign.value, ast.Name) and foreign(assign.value.id)):
        return set()
    return {(owner, target.attr) for target in assign.targets if isinstance(target, ast.Attribute)
            and isinstance(target.value, ast.Name) and target.value.id == "self"}


def handed_foreign(call: ast.Call, owner: str, foreign: Callable[[str], bool]) -> set[tuple[str, str]]:
    """``super().__init__(x=param)`` with ``param`` foreign: {(owner, "x")}."""
    return {(owner, keyword.arg) for keyword in call.keywords
            if keyword.arg is not None and isinstance(keyword.value, ast.Name) and foreign(keyword.value.id)}
