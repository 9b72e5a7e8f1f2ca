"""Project functions of another module that return a uint8 tensor (for uint8masks.py).

``mask = get_mask(lengths, False, ...)`` then ``x.masked_select(mask)`` in ``model/seq2seq.py``, with ``from ..utils
import get_mask`` and ``utils.py``'s ``def get_mask(...)`` building ``mask = torch.ByteTensor(slen, bs).zero_()``,
reshaping it (``mask = mask.unsqueeze(2).expand(...)``, ``mask = mask.cuda()``) and returning it: the file that uses
the mask never makes a uint8 tensor, so uint8masks.py would not look. A name the file imports from a module of the
project (a ``from`` import at module level, relative or absolute, the module found as a file beside or above it, as
starimports.py finds it) and calls, whose module-level function there returns only provably uint8 values, is such a
helper. Provably uint8, read in the helper's own function: ``torch.ByteTensor(...)``/``torch.cuda.ByteTensor(...)``,
a call with ``dtype=torch.uint8``, ``.byte()``, ``.to(torch.uint8)``/``.type(torch.uint8)``/``.type(torch.ByteTensor)``,
any of these followed by methods that keep the dtype (uint8masks._KEEP_DTYPE), an element of one (``m[0]``), or a
local name every plain assignment of which is one of these or the same name kept (``mask = mask.cuda()``), with at
least one maker, and bound no other way (a loop, ``+=``, a tuple target, a parameter); or, for a ``return name`` in
the function's own body, a name whose last binding before it there is a plain assignment of one of these (``mask =
mask.byte()`` above ``return mask``, whatever the mask was before). A function whose every return
is a tuple display of one length (``return tx, ty, tconf, tcls`` in a YOLO ``build_targets``) gives the positions that
are provably uint8 in each: ``tx, ty, mask, tcls = build_targets(...)`` binds ``mask`` to one. ``torch`` is the module's own
``import torch``. Each module is read once per process (keyed by its path, size and modification time), and only for
a file that calls a name it imports so.
"""

from __future__ import annotations

import ast
from functools import lru_cache

from .imports import dotted_name, own_statements, walk_nodes
from .starimports import called_project_imports, helper_functions
from .boolmasks import _ASSIGNED_COMPARISON, _BOOL_METHODS, _makes_bool
from .uint8masks import _KEEP_DTYPE

_UINT8 = frozenset({"torch.uint8", "torch.ByteTensor", "torch.cuda.ByteTensor"})
_BOOL = frozenset({"torch.bool", "torch.BoolTensor", "torch.cuda.BoolTensor"})
_BOOL_MAKERS = _BOOL_METHODS | {"bool"}
_COMPARISONS = (ast.Lt, ast.LtE, ast.Gt, ast.GtE, ast.Eq, ast.NotEq)
# tensor methods that give a tensor back (beside the dtype-keeping ones): a comparison of their result is elementwise
_TENSOR_KEEPING = _KEEP_DTYPE | frozenset({"long", "float", "int", "double", "to", "type_as"})


def imported_uint8_helpers(tree: ast.AST, source: str, filename: str | None,
                           kind: str = "uint8") -> dict[str, frozenset[int] | None]:
    """Local names of ``tree``'s module-level ``from`` imports, called in ``source``, that name a project function
    returning a uint8 tensor (module docstring): name -> None when the whole value is one, else the uint8 positions of
    the tuple it returns. ``kind="bool"``: a bool tensor instead (OpenNMT's ``sequence_mask``, ``arange(n).lt(lengths)``,
    for boolmasks.py)."""
    found: dict[str, frozenset[int] | None] = {}
    for stamp, called in called_project_imports(tree, source, filename):
        returning = _uint8_returning(*stamp, kind)
        found.update((local, returning[name]) for name, local in called if name in returning)
    return found


@lru_cache(maxsize=256)
def _uint8_returning(path: str, size: int, mtime: int, kind: str = "uint8") -> dict[str, frozenset[int] | None]:
    """The module-level functions of the module at ``path`` that return only provably uint8 (``kind``) values (None),
    or tuples with provably uint8 items (their positions)."""
    found: dict[str, frozenset[int] | None] = {}
    for function in helper_functions(path, _makes_uint8 if kind == "uint8" else _may_make_bool):
        if (positions := _returns_uint8(function, kind)) is not False:
            found[function.name] = positions
    return found


def _may_make_bool(text: str) -> bool:
    """_makes_bool, or a comparison bound to a name in a module that calls torch (``mask = seq_range < lengths``)."""
    return _makes_bool(text) or ("torch." in text and _ASSIGNED_COMPARISON.search(text) is not None)


def _makes_uint8(text: str) -> bool:
    return "ByteTensor" in text or ".byte()" in text or "torch.uint8" in text


def _returns_uint8(function: ast.FunctionDef | ast.AsyncFunctionDef, kind: str = "uint8") -> frozenset[int] | None | bool:
    """None when every return is provably uint8 (or bool, for ``kind="bool"``), the positions of such items when every
    return is a tuple display of one length with some, else False."""
    types, maker = (_BOOL, _BOOL_MAKERS) if kind == "bool" else (_UINT8, frozenset({"byte"}))
    statements = list(own_statements(function))
    returns = [node for node in statements if isinstance(node, ast.Return)]
    if not returns or any(node.value is None for node in returns):
        return False
    parameters = {a.arg for a in (*function.args.posonlyargs, *function.args.args, *function.args.kwonlyargs)}
    for extra in (function.args.vararg, function.args.kwarg):
        if extra is not None:
            parameters.add(extra.arg)
    bindings: dict[str, list[ast.expr]] = {}
    other: set[str] = set()  # names bound some way other than a plain one-name assignment
    for node in statements:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            bindings.setdefault(node.targets[0].id, []).append(node.value)
            continue
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            other.add(node.name)
            continue
        if isinstance(node, ast.ExceptHandler):
            if node.name:
                other.add(node.name)
            continue
        for child in _heads(node):
            if isinstance(child, ast.Name) and not isinstance(child.ctx, ast.Load):
                other.add(child.id)
            elif isinstance(child, ast.NamedExpr):
                other.add(child.target.id)

    def every_binding(test):
        """A test of a local name: every plain assignment of it passes ``test`` (or keeps the name: ``mask =
        mask.cuda()``, answered inside itself), at least one without reading the name, and it is bound no other way."""
        memo: dict[str, bool | None] = {}

        def named(name: str) -> bool:
            if name in parameters or name in other or name not in bindings:
                return False
            if name in memo:
                return memo[name] is not False  # asked inside itself: the name kept
            memo[name] = None
            values = bindings[name]
            memo[name] = all(test(value) for value in values) and any(not _reads(value, name) for value in values)
            return memo[name]
        return named

    def tensor(node: ast.expr) -> bool:
        """Provably a torch tensor: made by a torch call (``torch.arange(0, n)``), kept through tensor methods."""
        if isinstance(node, ast.Name):
            return tensor_named(node.id)
        if not isinstance(node, ast.Call):
            return False
        if (dotted_name(node.func) or "").startswith("torch."):
            return True
        return isinstance(node.func, ast.Attribute) and node.func.attr in _TENSOR_KEEPING and tensor(node.func.value)

    tensor_named = every_binding(tensor)

    def uint8(node: ast.expr) -> bool:
        if isinstance(node, ast.Subscript):
            return uint8(node.value)
        if kind == "bool" and isinstance(node, ast.Compare) and len(node.ops) == 1 and \
                isinstance(node.ops[0], _COMPARISONS) and any(tensor(side) for side in (node.left, node.comparators[0])):
            return True  # seq_range_expand < seq_length_expand, the first made by torch.arange: a bool tensor
        if isinstance(node, ast.Name):
            return named(node.id)
        if not isinstance(node, ast.Call):
            return False
        func = node.func
        dtype = next((kw.value for kw in node.keywords if kw.arg == "dtype"), None)
        if dtype is not None:
            return dotted_name(dtype) in types
        if dotted_name(func) in types:  # torch.ByteTensor(...), torch.BoolTensor(...)
            return True
        if not isinstance(func, ast.Attribute):
            return False
        if func.attr in maker and (kind == "bool" or not node.args and not node.keywords):
            return True  # .byte(); for bool, .lt(lengths) and the other comparison methods, .bool()
        if func.attr in ("to", "type") and len(node.args) == 1 and not node.keywords:
            return dotted_name(node.args[0]) in types
        return func.attr in _KEEP_DTYPE and uint8(func.value)

    named = every_binding(uint8)  # every binding uint8 (or the name kept), at least one a maker

    def returned(node: ast.Return) -> bool:
        if isinstance(node.value, ast.Name) and node in function.body and _last_binding_is(
                function.body, function.body.index(node), node.value.id, uint8):
            return True  # ``mask = mask.byte()`` then ``return mask``, whatever the mask was before
        return uint8(node.value)

    if all(returned(node) for node in returns):
        found: frozenset[int] | None | bool = None
    elif all(isinstance(node.value, ast.Tuple) and len(node.value.elts) == len(returns[0].value.elts)
             for node in returns):
        found = frozenset(position for position in range(len(returns[0].value.elts))
                          if all(uint8(node.value.elts[position]) for node in returns)) or False
    else:
        found = False
    del named, uint8, tensor_named, tensor, returned  # recursive closures are a reference cycle: it would keep the module's tree until a collection
    return found


def _last_binding_is(body: list[ast.stmt], end: int, name: str, test) -> bool:
    """Whether the last binding of ``name`` among ``body[:end]`` (one block's statements, read backwards) is a plain
    assignment whose value passes ``test``; an assignment keeping the name (``mask = mask.cuda()``) defers to the one
    before it. False when a statement binds the name some other way (a loop, a branch) or nothing binds it."""
    for statement in reversed(body[:end]):
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name) \
                and statement.targets[0].id == name:
            kept = statement.value
            while isinstance(kept, ast.Call) and isinstance(kept.func, ast.Attribute) and kept.func.attr in _KEEP_DTYPE:
                kept = kept.func.value
            if isinstance(kept, ast.Name) and kept.id == name:
                continue
            return test(statement.value)
        if any(isinstance(node, ast.Name) and node.id == name and not isinstance(node.ctx, ast.Load)
               or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.name == name
               for node in walk_nodes(statement)):
            return False
    return False


def _heads(statement: ast.stmt):
    """The nodes of ``statement`` outside its own statement blocks (own_statements yields those statements)."""
    for _, value in ast.iter_fields(statement):
        for part in value if isinstance(value, list) else [value]:
            if isinstance(part, ast.AST) and not isinstance(part, (ast.stmt, ast.excepthandler)):
                yield from walk_nodes(part)


def _reads(value: ast.expr, name: str) -> bool:
    return any(isinstance(node, ast.Name) and node.id == name for node in walk_nodes(value))

