"""Where a saved value comes from, followed back through the file's assignments once the file is walked.

A checkpoint value is often bound far from the save: ``self.best_pred = new_pred`` in ``validation()``, after
``new_pred = mIoU`` and ``mIoU = self.evaluator.Mean_Intersection_over_Union()`` (an ``np.float64``), while
``training()``, earlier in the file, saves ``{"best_pred": self.best_pred, ...}``. The walk sees the save before
the binding, so a save that looked plain is asked again here, after the walk, against every binding of the file:
a name in its function (or an enclosing one, for a nested saver), ``self.x`` in any method.

A value is numpy when one of its bindings is: a numpy call (``np.nanmean(x)``, ``np.random.get_state()``), ``x.numpy()``,
a method of a numpy value other than ``item``/``tolist``, ``max(a, b)``/``min(a, b)`` of one, ``round(x, n)`` of one
(``round(np.float64(1.5), 2)`` is still an ``np.float64`` on numpy 2; ``round(x)`` is an int), arithmetic on one,
an item or a slice of one, a conditional expression with one in a branch. ``float(x)``, ``int(x)``, ``x.item()`` and
``x.tolist()`` are plain. torch 2.15 refuses a checkpoint holding one under ``weights_only=True`` (``Unsupported
global: GLOBAL numpy._core.multiarray.scalar`` for a scalar, ``numpy._core.multiarray._reconstruct`` for an array).
A value that is what an imported project callable returns is handed back as that callable's reference, for the
project pass to decide by reading its module (returns.py).

The cost is bounded: only values of saved dicts that looked plain are followed, each binding chain at most
``_DEPTH`` steps, and each (scope, name) once per question.
"""

from __future__ import annotations

import ast
from typing import Callable

from .imports import dotted_name

_DEPTH = 8
_NUMPY = frozenset({"np", "numpy"})
_PLAIN_CALLS = frozenset({"float", "int", "bool", "str", "len", "repr", "format", "list", "dict", "tuple", "sum"})
_PLAIN_METHODS = frozenset({"item", "tolist", "format", "keys", "__str__", "__repr__", "state_dict", "join"})
_EITHER = frozenset({"max", "min"})
# numpy functions that give Python values back (checked on numpy 2.4: np.ndim(a) is an int, np.shape(a) a tuple)
_PLAIN_NUMPY = frozenset({"ndim", "size", "shape", "isscalar", "iterable", "seed"})
# np.random samplers give a Python float with no argument (np.random.rand() and np.random.random() are floats;
# np.random.rand(3) is an array), and a Python int or float without a size (np.random.randint(5) is an int)
_NO_ARGUMENT_SAMPLERS = frozenset({"rand", "randn", "random", "random_sample", "ranf", "sample", "standard_normal"})
# sampler -> how many parameters come before ``size``
_SIZED_SAMPLERS = {"randint": 2, "uniform": 2, "normal": 2, "beta": 2, "binomial": 2, "gamma": 2, "lognormal": 2,
                   "random_integers": 2, "poisson": 1, "exponential": 1, "geometric": 1}

# what a value comes from: True (numpy, built here), (module suffix, callable) of another module, or None
Source = "bool | tuple[str, str] | None"


class Provenance:
    """The bindings of one file, by (scope, name); ``self.x`` is keyed under scope 0 (any method binds it)."""

    def __init__(self) -> None:
        self.bindings: dict[tuple[int, str], list[tuple[ast.expr, int | None]]] = {}
        self.parents: dict[int, int] = {}  # scope -> the scope it is nested in (a nested saver reads its closure)
        self.pending: list[tuple[frozenset[str], int, list[tuple[str, ast.expr]], int, bool]] = []

    def note(self, value: ast.expr, scope: int, target: ast.AST) -> None:
        if isinstance(target, ast.Tuple):
            for position, element in enumerate(target.elts):
                if (name := dotted_name(element)) is not None:
                    self.bindings.setdefault(_key(name, scope), []).append((value, position))
        elif (name := dotted_name(target)) is not None:
            self.bindings.setdefault(_key(name, scope), []).append((value, None))

    def source(self, value: ast.expr, scope: int, call_ref: Callable, local_numpy: Callable[[str], bool]):
        """True when ``value`` is numpy by its bindings in this file; the (module, callable) reference when it
        is what an imported project callable returns; None otherwise. ``call_ref(call, scope)`` names the
        imported callable a call runs; ``local_numpy(name)`` tells whether the file's own function or
        ``Class.method`` returns numpy."""
        return _Search(self, call_ref, local_numpy).value(value, scope, 0)


def _key(name: str, scope: int) -> tuple[int, str]:
    return (0 if "." in name else scope), name


def _plain_numpy(callee: str, call: ast.Call) -> bool:
    """A numpy call whose result is a Python value (see _PLAIN_NUMPY and the samplers above)."""
    last = callee.rsplit(".", 1)[-1]
    if last in _PLAIN_NUMPY:
        return True
    if ".random." not in f".{callee}":
        return False
    if last in _NO_ARGUMENT_SAMPLERS:
        return not call.args and not call.keywords
    return last in _SIZED_SAMPLERS and len(call.args) <= _SIZED_SAMPLERS[last] and \
        all(kw.arg != "size" for kw in call.keywords)


class _Search:
    def __init__(self, provenance: Provenance, call_ref: Callable, local_numpy: Callable[[str], bool]) -> None:
        self.provenance, self.call_ref, self.local_numpy = provenance, call_ref, local_numpy
        self.seen: set[tuple[int, str]] = set()

    def value(self, node: ast.expr | None, scope: int, depth: int):
        if node is None or depth > _DEPTH:
            return None
        if isinstance(node, (ast.Name, ast.Attribute)):
            return self._named(node, scope, depth)
        if isinstance(node, ast.Subscript):
            return self.value(node.value, scope, depth + 1)
        if isinstance(node, ast.BinOp):
            return self.value(node.left, scope, depth + 1) or self.value(node.right, scope, depth + 1)
        if isinstance(node, ast.UnaryOp):
            return self.value(node.operand, scope, depth + 1)
        if isinstance(node, ast.IfExp):
            return self.value(node.body, scope, depth + 1) or self.value(node.orelse, scope, depth + 1)
        if isinstance(node, ast.Call):
            return self._call(node, scope, depth)
        return None

    def _named(self, node: ast.expr, scope: int, depth: int):
        name = dotted_name(node)
        if name is None:
            return None
        if "." in name and not name.startswith("self."):
            return None  # args.lr, cfg.x: an option, not a binding of this file
        current: int | None = scope
        while current is not None:
            key = _key(name, current)
            if key in self.provenance.bindings:
                if key in self.seen:
                    return None
                self.seen.add(key)
                found = None
                for bound, position in self.provenance.bindings[key]:
                    if position is not None and isinstance(bound, ast.Tuple) and position < len(bound.elts):
                        result = self.value(bound.elts[position], key[0] or current, depth + 1)
                    elif position is not None and isinstance(bound, ast.Call) and \
                            (ref := self.call_ref(bound, key[0] or current)) is not None:
                        result = (ref[0], f"{ref[1]}#{position}")
                    else:
                        result = self.value(bound, key[0] or current, depth + 1)
                    if result is True:
                        return True
                    found = found or result
                return found
            if key[0] == 0:
                return None
            current = self.provenance.parents.get(current)
        return None

    def _call(self, call: ast.Call, scope: int, depth: int):
        func = call.func
        callee = dotted_name(func) or ""
        last = callee.rsplit(".", 1)[-1] if callee else (func.attr if isinstance(func, ast.Attribute) else "")
        if isinstance(func, ast.Name):
            if func.id in _PLAIN_CALLS:
                return None
            if func.id == "round":  # round(x) is an int; round(np.float64(x), n) stays an np.float64
                return self.value(call.args[0], scope, depth + 1) if len(call.args) == 2 else None
            if func.id in _EITHER and len(call.args) >= 2:
                for arg in call.args:
                    if (found := self.value(arg, scope, depth + 1)) is not None:
                        return found
                return None
        if callee.partition(".")[0] in _NUMPY:
            return None if _plain_numpy(callee, call) else True
        if isinstance(func, ast.Attribute):
            if last == "numpy":
                return True
            if last in _PLAIN_METHODS:
                return None
        if (ref := self.call_ref(call, scope)) is not None:
            return ref
        if callee and self.local_numpy(callee.removeprefix("self.")):
            return True
        if isinstance(func, ast.Attribute) and self.value(func.value, scope, depth + 1) is True:
            return True  # np.diag(h).sum(), scores.mean(): a method of a numpy value gives numpy back
        return None
