"""A NumPy array read backwards (``np.sort(lengths)[::-1]``, ``img[:, :, ::-1]``) handed to torch.

torch makes no tensor with negative strides: ``torch.from_numpy``, ``torch.as_tensor``, ``torch.tensor`` and the
legacy ``torch.*Tensor(array)`` constructors raise ``ValueError: At least one stride in the given numpy array is
negative, and tensors with negative strides are not currently supported.`` (run on 2.15), and so does
``pack_padded_sequence(x, lengths)``, which turns ``lengths`` into a tensor (since its 1.0 rewrite; the 0.4 Python
version only iterated over it, so InferSent-style encoders that sort lengths with ``np.sort(l)[::-1]`` worked then).

An array is known to be NumPy's where the expression says so: a call of the ``np``/``numpy`` module
(``np.sort(x)``, ``np.array(x)``) or of ``.numpy()``, or a name the scope binds once to one; read backwards is a slice
with a negative constant step, or ``np.flip``/``np.flipud``/``np.fliplr``. A name whose last binding above the call
(in the same function, or at module level) is such a value counts where it is passed. ``.copy()`` or ``np.ascontiguousarray`` makes a fresh
array with positive strides: quiet.
"""

from __future__ import annotations

import ast
from typing import Callable, Iterator

from .imports import assigned_pairs, dotted_name, nested_fields, scope_statements, statement_expressions, walk_nodes
from .provenance import NUMPY_MODULES

_FLIPS = frozenset({"flip", "flipud", "fliplr"})
# torch calls whose first argument (or, for pack_padded_sequence, second) becomes a tensor without a copy first
_TAKES_ARRAY = {"torch.from_numpy": 0, "torch.as_tensor": 0, "torch.tensor": 0, "torch.Tensor": 0,
                "torch.FloatTensor": 0, "torch.LongTensor": 0, "torch.DoubleTensor": 0, "torch.IntTensor": 0,
                "torch.ByteTensor": 0, "torch.nn.utils.rnn.pack_padded_sequence": 1}
_KEYWORDS = {"torch.nn.utils.rnn.pack_padded_sequence": "lengths", "torch.as_tensor": "data", "torch.tensor": "data"}
_CALL_WORDS = ("from_numpy", "as_tensor", "tensor(", "Tensor(", "pack_padded_sequence")


def negative_stride_uses(tree: ast.AST, resolve: Callable[[ast.AST], str | None],
                         text: str | None = None) -> Iterator[tuple[ast.Call, str]]:
    """Each torch call (module docstring) given a NumPy array read backwards, with the call's qualified name."""
    if text is not None and not (("::-" in text or ".flip" in text) and any(call in text for call in _CALL_WORDS)):
        return  # no backwards slice or flip, or none of the calls: most files, read off the text alone
    lines = None if text is None else {number for number, line in enumerate(text.splitlines(), 1)
                                       if any(call in line for call in _CALL_WORDS)}
    for _, statements in scope_statements(tree):
        yield from _in_scope(statements, resolve, lines)


def _in_scope(statements: list[ast.stmt], resolve, lines: set[int] | None) -> Iterator[tuple[ast.Call, str]]:
    if lines is not None:  # only statements a line of which spells one of the calls need their expressions walked
        spelled = [statement for statement in statements if any(line in lines for line in range(
            statement.lineno, (statement.lineno if nested_fields(statement) else statement.end_lineno) + 1))]
        if not spelled:
            return
    else:
        spelled = statements
    bindings: dict[str, list[tuple[int, ast.expr | None]]] = {}  # name -> (line, value or None) in source order
    for statement in statements:
        if isinstance(statement, ast.Assign):
            for target in statement.targets:
                for element, value in assigned_pairs(target, statement.value):
                    for node in walk_nodes(element):
                        if isinstance(node, ast.Name):
                            bindings.setdefault(node.id, []).append(
                                (statement.lineno, value if node is element else None))
        elif isinstance(statement, (ast.AugAssign, ast.AnnAssign, ast.For, ast.AsyncFor, ast.With)):
            for node in _targets(statement):
                bindings.setdefault(node.id, []).append((statement.lineno, None))
    for statement in spelled:
        for node in statement_expressions(statement):
            if not isinstance(node, ast.Call):
                continue
            api = resolve(node.func)
            position = _TAKES_ARRAY.get(api) if api is not None else None
            if position is None:
                continue
            keyword = _KEYWORDS.get(api)
            given = node.args[position] if len(node.args) > position else next(
                (kw.value for kw in node.keywords if keyword is not None and kw.arg == keyword), None)
            # from_numpy takes nothing but an ndarray: any backwards slice given to it is one
            if given is not None and _reversed_array(given, _before(bindings, node.lineno),
                                                     any_array=api == "torch.from_numpy"):
                yield node, api


def _targets(statement: ast.stmt) -> Iterator[ast.Name]:
    """The names a for, with, augmented or annotated assignment binds."""
    targets = [item.optional_vars for item in statement.items if item.optional_vars is not None] \
        if isinstance(statement, ast.With) else [statement.target]
    for target in targets:
        yield from (node for node in walk_nodes(target) if isinstance(node, ast.Name))


def _before(bindings: dict[str, list[tuple[int, ast.expr | None]]], line: int) -> dict[str, ast.expr]:
    """Each name's value at ``line``: its last binding above it, where that binding is a plain value."""
    found = {}
    for name, bound in bindings.items():
        earlier = [value for at, value in bound if at < line]
        if earlier and earlier[-1] is not None:
            found[name] = earlier[-1]
    return found


def _reversed_array(value: ast.expr, bound: dict[str, ast.expr], depth: int = 0, any_array: bool = False) -> bool:
    """``value`` is a NumPy array with a negative stride: a backwards slice of a NumPy array (of any value, with
    ``any_array``), a flip, or a name bound to one above."""
    if isinstance(value, ast.Name) and depth < 3 and value.id in bound:
        return _reversed_array(bound[value.id], bound, depth + 1, any_array)
    if isinstance(value, ast.Call):
        callee = dotted_name(value.func) or ""
        head, _, last = callee.partition(".")
        return head in NUMPY_MODULES and last in _FLIPS
    if isinstance(value, ast.Subscript) and _backwards(value.slice):
        return any_array or _numpy_array(value.value, bound, depth)
    return False


def _backwards(index: ast.expr) -> bool:
    """A slice with a negative constant step, alone or among the index's parts (``[:, :, ::-1]``)."""
    parts = index.elts if isinstance(index, ast.Tuple) else [index]
    return any(isinstance(part, ast.Slice) and isinstance(step := part.step, ast.UnaryOp)
               and isinstance(step.op, ast.USub) and isinstance(step.operand, ast.Constant) for part in parts)


def _numpy_array(value: ast.expr, bound: dict[str, ast.expr], depth: int) -> bool:
    """``np.sort(x)``, ``np.array(x)``, ``t.numpy()``, ``t.cpu().numpy()``, or a name bound once to one."""
    if isinstance(value, ast.Name) and depth < 3 and value.id in bound:
        return _numpy_array(bound[value.id], bound, depth + 1)
    if not isinstance(value, ast.Call):
        return False
    if isinstance(value.func, ast.Attribute) and value.func.attr == "numpy" and not value.args:
        return True
    callee = dotted_name(value.func) or ""
    head, _, last = callee.partition(".")
    return head in NUMPY_MODULES and "." not in last and last not in ("ascontiguousarray", "copy")
