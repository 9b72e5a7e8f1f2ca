"""``pack_padded_sequence(x, lengths)`` with ``lengths`` on the GPU: a RuntimeError since 1.7.

Up to 1.6 the packing copied a CUDA ``lengths`` tensor to the CPU itself; since 1.7 (pytorch/pytorch#43227, #47637) it
raises ``'lengths' argument should be a 1D CPU int64 tensor, but got 1D cuda:0 Long tensor``. The lengths are known to
be on the device where the function says so:

- a name it binds to ``x.cuda()`` or ``x.to(device)`` (an argument named like a device, or ``"cuda..."``), or to a
  tensor torch builds there (``torch.tensor([len(s) for s in x], device=device)``), or that expression passed inline;
  also to a call of a function of the file that hands its argument back moved there (``ilens = to_cuda(self, ilens)``
  with ``def to_cuda(m, x): return x.to(next(m.parameters()).device)``);
- in a method of an ``nn.Module`` subclass, a name it binds to a count along a dimension of a mask of its input
  (``torch.sum(mask.gt(0), dim=-1)``, ``(ids != pad).sum(1)``, ``mask.long().sum(-1)``): computed where the module
  runs, on its device;
- an item of one (``lengths[order]``), or the sorted values of one (``lengths_sort, idx = torch.sort(lengths)``).

A later binding of the name (``lengths = lengths.cpu()``) ends it; ``.cpu()``, ``.tolist()`` or ``.to("cpu")`` around
the argument makes it a CPU value. A module only ever run on the CPU is unaffected: the finding says so.
"""

from __future__ import annotations

import ast
from typing import Callable, Iterator

from .imports import (
    assigned_pairs, dotted_name, names_in_target, scope_statements, statement_expressions, walk_nodes, walk_tree)

_PACK = "torch.nn.utils.rnn.pack_padded_sequence"
_COMPARISONS = frozenset({"ne", "eq", "gt", "lt", "ge", "le", "bool"})
_CASTS = frozenset({"long", "int", "float", "view", "squeeze", "contiguous", "detach", "type", "clone"})
_FACTORIES = frozenset({"tensor", "as_tensor", "arange", "zeros", "ones", "full", "empty", "LongTensor", "IntTensor"})


def cuda_lengths(tree: ast.AST, resolve: Callable[[ast.AST], str | None],
                 text: str | None = None) -> Iterator[ast.Call]:
    """Each ``pack_padded_sequence`` call given lengths that the function puts on the GPU (module docstring)."""
    if text is not None and "pack_padded_sequence" not in text:
        return
    module_methods = module_methods_of(tree, resolve)
    scopes = scope_statements(tree)
    movers = device_movers(tree, scopes)
    for scope, statements in scopes:
        yield from _in_scope(statements, resolve, id(scope) in module_methods, movers)


def module_methods_of(tree: ast.AST, resolve) -> set[int]:
    """ids of the functions defined in the bodies of ``nn.Module`` subclasses."""
    found: set[int] = set()
    for node in walk_tree(tree):
        if isinstance(node, ast.ClassDef) and any(resolve(base) == "torch.nn.Module" for base in node.bases):
            found.update(id(child) for child in node.body if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)))
    return found


def device_movers(tree: ast.AST, scopes: list[tuple[ast.AST, list[ast.stmt]]]) -> frozenset[str]:
    """The module-level functions of the file that hand back an argument moved to the GPU (_hands_back_moved)."""
    top = {id(node) for node in tree.body if isinstance(node, ast.FunctionDef)}
    return frozenset(scope.name for scope, statements in scopes
                     if id(scope) in top and _hands_back_moved(scope, statements))


def _hands_back_moved(function: ast.FunctionDef, statements: list[ast.stmt]) -> bool:
    """One return of ``function`` is a value on the device (``return x.to(device)``; ``x = x.cuda()`` then ``return
    x``; ``return x.cuda() if use_cuda else x``), every other one a parameter as it came (the CPU fallback:
    ``if device_id == -1: return x``)."""
    parameters = {argument.arg for argument in (*function.args.posonlyargs, *function.args.args)}
    moved: set[str] = set()
    hands_back = False
    for statement in statements:
        if not isinstance(statement, ast.Return):
            note_binding(statement, moved, False)
            continue
        value = statement.value
        for branch in (value.body, value.orelse) if isinstance(value, ast.IfExp) else (value,):
            if branch is not None and on_device(branch, moved, False):
                hands_back = True
            elif not (isinstance(branch, ast.Name) and branch.id in parameters):
                return False
    return hands_back


def _in_scope(statements: list[ast.stmt], resolve, in_module: bool, movers: frozenset[str]) -> Iterator[ast.Call]:
    moved: set[str] = set()
    for statement in statements:  # in source order: a rebinding ends what a name held
        for node in statement_expressions(statement):
            if isinstance(node, ast.Call) and resolve(node.func) == _PACK:
                lengths = node.args[1] if len(node.args) > 1 else next(
                    (kw.value for kw in node.keywords if kw.arg == "lengths"), None)
                if lengths is not None and on_device(lengths, moved, in_module, movers):
                    yield node
        if isinstance(statement, ast.Assign) and (sorted_pair := _sorted_pair(statement, moved, in_module, movers)):
            moved.add(sorted_pair)  # lengths_sort, idx_sort = torch.sort(lengths, descending=True)
        else:
            note_binding(statement, moved, in_module, movers)


def note_binding(statement: ast.stmt, moved: set[str], in_module: bool, movers: frozenset[str] = frozenset()) -> None:
    """Update ``moved``, the names on the GPU, past ``statement`` (in source order): a name bound to a value on the
    device joins it, any other binding of a name (a loop variable, ``with ... as x``, ``x += ...``) leaves it."""
    if isinstance(statement, ast.Assign):
        for target in statement.targets:
            for element, value in assigned_pairs(target, statement.value):
                if isinstance(element, ast.Name):
                    if on_device(value, moved, in_module, movers):
                        moved.add(element.id)
                    else:
                        moved.discard(element.id)
                elif not isinstance(element, ast.Subscript):  # an item store keeps the tensor where it is
                    for inner in walk_nodes(element):
                        if isinstance(inner, ast.Name):
                            moved.discard(inner.id)
    else:
        moved.difference_update(_rebound(statement))


def _rebound(statement: ast.stmt) -> set[str]:
    """The names a statement other than a plain assignment binds in its own head (not in its body)."""
    if isinstance(statement, (ast.For, ast.AsyncFor, ast.AugAssign, ast.AnnAssign)):
        targets = [statement.target]
    elif isinstance(statement, (ast.With, ast.AsyncWith)):
        targets = [item.optional_vars for item in statement.items if item.optional_vars is not None]
    else:
        return set()
    return {name for target in targets for name in names_in_target(target)}


def _sorted_pair(statement: ast.Assign, moved: set[str], in_module: bool, movers: frozenset[str]) -> str | None:
    """``lengths_sort, idx = torch.sort(lengths, ...)`` (or ``lengths.sort(...)``) of lengths on the device: the
    sorted values' name, on the same device."""
    target, value = statement.targets[0], statement.value
    if not (len(statement.targets) == 1 and isinstance(target, ast.Tuple) and len(target.elts) == 2
            and isinstance(target.elts[0], ast.Name) and isinstance(value, ast.Call)
            and isinstance(value.func, ast.Attribute) and value.func.attr == "sort"):
        return None
    func = value.func
    sorted_value = value.args[0] if dotted_name(func.value) == "torch" and value.args else func.value
    return target.elts[0].id if on_device(sorted_value, moved, in_module, movers) else None


def on_device(value: ast.expr, moved: set[str], in_module: bool, movers: frozenset[str] = frozenset()) -> bool:
    """``value`` is on the GPU: moved there (``x.cuda()``, ``x.to(device)``, a call of one of the file's ``movers``),
    built there, one of the ``moved`` names, an item or a cast of one; in a module's method (``in_module``), a count
    along a dimension of a mask."""
    if isinstance(value, ast.Name):
        return value.id in moved
    if isinstance(value, ast.Subscript):  # lengths[sort_idx]: the same device
        return on_device(value.value, moved, in_module, movers)
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name):
        return value.func.id in movers
    if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute)):
        return False
    method = value.func.attr
    if method == "cuda":
        return True
    if method in _FACTORIES and dotted_name(value.func.value) == "torch":  # torch.tensor(n, device=device)
        return any(kw.arg == "device" and _names_device(kw.value) for kw in value.keywords)
    if method == "to":
        return bool(value.args) and _names_device(value.args[0])
    if method in _CASTS:
        return on_device(value.func.value, moved, in_module, movers)
    return in_module and _counts_mask(value)


def _names_device(argument: ast.expr) -> bool:
    """``device``, ``self.device``, ``args.device``, ``"cuda:0"``; not ``"cpu"`` nor a dtype."""
    if isinstance(argument, ast.Constant):
        return isinstance(argument.value, str) and argument.value.startswith("cuda")
    dotted = dotted_name(argument)
    return dotted is not None and "device" in dotted.rsplit(".", 1)[-1].lower()


def _counts_mask(call: ast.Call) -> bool:
    """``mask.sum(1)``, ``torch.sum(ids != 0, dim=-1)``: a count along a dimension of a comparison or a mask."""
    func = call.func
    if func.attr != "sum":
        return False
    if isinstance(func.value, ast.Name) and func.value.id == "torch":  # torch.sum(x, dim)
        counted, dims = (call.args[0] if call.args else None), call.args[1:]
    else:
        counted, dims = func.value, call.args
    if counted is None or not (dims or any(kw.arg == "dim" for kw in call.keywords)):
        return False  # a full sum is one number, not per-sequence lengths
    return _is_mask(counted)


def _is_mask(node: ast.expr) -> bool:
    while isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _CASTS:
        node = node.func.value
    if isinstance(node, ast.Compare):
        return True
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _COMPARISONS:
        return True
    dotted = dotted_name(node)
    return dotted is not None and "mask" in dotted.rsplit(".", 1)[-1].lower()
