"""The ``ctx`` of a custom autograd Function: the first parameter of its ``forward``, ``backward``,
``setup_context``, ``jvp`` and ``vjp``, whatever it is called (static, or an old-style method's ``self``). torch
passes a ``FunctionCtx`` there, so ``ctx.saved_variables`` is ``FunctionCtx.saved_variables`` (deprecated since 0.4,
warns on every backward)."""

from __future__ import annotations

import ast

from .imports import dotted_name

FUNCTION_CTX = "torch.autograd.function.FunctionCtx"
FUNCTION_CLASSES = frozenset({"torch.autograd.Function", "torch.autograd.function.Function",
                              "torch.autograd.function.InplaceFunction"})
_CTX_METHODS = frozenset({"forward", "backward", "setup_context", "jvp", "vjp"})


def function_ctx(function: ast.FunctionDef | ast.AsyncFunctionDef, bases: tuple[str, ...]) -> str | None:
    """The name of ``function``'s ctx parameter when it is a method of that kind in a class whose torch bases
    (``bases``) include an autograd Function; None otherwise. An old-style instance method's ``self`` counts too: a
    Function is itself a ``FunctionCtx``, so ``self.saved_variables`` in its ``backward`` warns the same way."""
    if function.name not in _CTX_METHODS or not FUNCTION_CLASSES.intersection(bases):
        return None
    if any(dotted_name(decorator) == "classmethod" for decorator in function.decorator_list):
        return None
    positional = [*function.args.posonlyargs, *function.args.args]
    return positional[0].arg if positional else None
