"""Functions compiled by another library's kernel or JIT decorator: their values are that library's types.

``@ti.func``/``@ti.kernel`` (taichi and its forks, e.g. Genesis's ``quadrants``), ``@wp.func``/``@wp.kernel``
(warp), ``@njit``/``@numba.jit(...)``/``@cuda.jit``, ``@triton.jit``, ``@jax.jit``: the body is traced or
compiled by that library, so ``a.cross(b)`` there is a taichi/warp vector's method, never ``Tensor.cross``.
Only a decorator reached through a non-torch import counts (``torch.jit.script`` and ``torch.compile`` bodies
hold tensors), and not one the project itself defines (its own ``jit`` may wrap torch).
"""

from __future__ import annotations

import ast
from typing import Callable

from .imports import dotted_name

# the last part of a compiling decorator's name: `func`/`kernel` (taichi, warp), `jit`/`njit` (numba, triton, jax)
KERNEL_DECORATORS = frozenset({"func", "kernel", "jit", "njit", "cfunc", "vectorize", "guvectorize", "stencil"})


def is_foreign_kernel(function: ast.FunctionDef | ast.AsyncFunctionDef,
                      foreign_import: Callable[[str], bool], own_name: Callable[[str], bool]) -> bool:
    """``function`` carries a kernel/JIT decorator bound by a non-torch library the project does not define.
    ``foreign_import(dotted)``: the name comes from a non-torch import; ``own_name(head)``: the import binding
    ``head`` is one of the project's own modules."""
    for decorator in function.decorator_list:
        dotted = dotted_name(decorator.func if isinstance(decorator, ast.Call) else decorator)
        if (dotted is not None and dotted.rsplit(".", 1)[-1] in KERNEL_DECORATORS
                and foreign_import(dotted) and not own_name(dotted.partition(".")[0])):
            return True
    return False
