"""Top-k indices divided with ``/`` and used as an index: the beam search of torch 1.4 and older.

Up to 1.4, ``/`` on two integer tensors (or an integer tensor and an int) floored, so beam searches found the beam of
each flat top-k candidate with ``prev_k = best_ids / num_words`` and then ``attn.index_select(0, prev_k)``. 1.5 warned,
1.6 raised, and since 1.7 ``/`` and ``torch.div`` divide truly (pytorch/pytorch#34570, #38620): ``prev_k`` is a float
tensor, and using it as an index raises ``RuntimeError: index_select(): Expected dtype int32 or int64 for index``
(``IndexError: tensors used as indices must be long, int, byte or bool tensors`` for ``x[prev_k]``); writing the
quotient into an integer ``out=`` raises ``result type Float can't be cast to the desired output type Long``.

Only indices the function itself takes are integer for sure: the second result of ``topk``, ``sort``, ``max``/``min``
with a dimension (unpacked, ``[1]`` or ``.indices``), ``argmax``/``argmin``/``argsort``, a max pooling's given
``return_indices=True``. A name bound to a ``/`` (or
``.div``/``torch.div`` without ``rounding_mode``) of one, directly or inside arithmetic and view-like methods, is
reported at that binding when the function uses it, or a name derived from it the same way, as an index:
``index_select``'s index, ``gather``'s, or a subscript (a division written in the use itself is reported there); so
is a loop's item of one (``for prev_id, word in
zip(prev_ids, words)``, then ``hypotheses[prev_id.item()]``: a float is no list index either).
``torch.div(ids, n, out=buffer)`` is reported as written. A cast (``.long()``) between the division and the use ends
the chain. A quotient appended to a list of ``self`` (OpenNMT's Beam: ``self.prev_ks.append(prev_k)``) is used where
any function of the file indexes with an item of that list, or with a name it binds only to such items (``k =
self.prev_ks[j][k]`` in ``get_hypothesis``'s loop).
"""

from __future__ import annotations

import ast
import re
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterator

from .imports import scope_statements, statement_expressions
from .receivers import own_callee
from .source import parse_module_file
from .starimports import folder_module_stamp

INDEX_PAIRS = frozenset({"topk", "sort", "max", "min", "kthvalue", "mode", "median"})  # (values, indices)
_INDEX_CALLS = frozenset({"argmax", "argmin", "argsort"})
_POOLS = frozenset({"max_pool1d", "max_pool2d", "max_pool3d", "adaptive_max_pool1d", "adaptive_max_pool2d",
                    "adaptive_max_pool3d"})
# (``item``: a float tensor's is a Python float, which no list takes as an index either)
_KEEPS_DTYPE = frozenset({"view", "reshape", "squeeze", "unsqueeze", "contiguous", "expand", "expand_as", "repeat",
                          "flatten", "t", "transpose", "permute", "clone", "detach", "cpu", "cuda", "to", "item"})
# `selected_idx, logprob = self.select(...)`: a tuple a method returns (maybe its base class's, in another module)
_UNPACKED_METHOD = re.compile(r"^[ \t]*\w+[ \t]*,[^=\n]*=[ \t]*self\.\w+\(", re.MULTILINE)
# a keyword that takes indices: index=, indices=, gather_indices=, beam_idx=
_INDEX_KEYWORD = re.compile(r"(?:\w+_)?(?:index|indices|idx)")
# what a call giving indices spells: x.topk, torch.sort, x.max(1) (a builtin max( has no dot), argmax, argsort
_INDEX_WORDS = ("topk", "sort(", "argm", "argsort", ".max(", ".min(", "kthvalue", ".mode(", ".median(",
                "return_indices")


def float_index_divisions(tree: ast.AST, resolve: Callable[[ast.AST], str | None],
                          text: str | None = None, filename: str | None = None) -> Iterator[ast.AST]:
    """Each binding (or ``out=`` call) that divides integer indices truly before an index use (module docstring)."""
    if text is not None and "/" not in text and "div(" not in text:
        return  # no division: most files, read off the text alone
    # a base class of another module of the project may give the indices (its select())
    inherited = _base_index_returns(tree, filename) if filename and (
        text is None or _UNPACKED_METHOD.search(text) is not None) else {}
    if text is not None and not inherited and not any(word in text for word in _INDEX_WORDS):
        return  # no call that gives indices
    stored: dict[str, ast.stmt] = {}  # self.<attr> -> the division whose quotients the class appends to it
    scopes = scope_statements(tree)
    returned = _index_returns(scopes, resolve)
    for name, positions in inherited.items():
        returned.setdefault(name, positions)
    for _, statements in scopes:  # the module's own statements too: a script's decoding loop
        yield from _in_scope(statements, resolve, stored, returned)
    if stored:  # OpenNMT's Beam: advance() appends prev_k = best_ids / n to self.prev_ks, get_hyp() indexes with them
        for _, statements in scopes:
            yield from _stored_uses(statements, stored)


def _in_scope(statements: list[ast.stmt], resolve, stored: dict[str, ast.stmt],
              returned: dict[str, frozenset[int]] | None = None) -> Iterator[ast.AST]:
    """The divisions one scope's statements (in source order) make and then use as an index; ``stored`` gets the
    ``self`` lists the scope appends a quotient to (``self.prev_ks.append(prev_k)``); ``returned``: the file's
    functions returning indices in a tuple (_index_returns)."""
    indices: set[str] = set()  # names holding integer indices at this point of the source
    filled: set[str] = set()  # torch.topk(x, k, out=(values, ids)) writes its ids into a buffer
    divided: dict[str, ast.stmt] = {}  # name -> the binding whose division made it a float
    reported: set[int] = set()
    for statement in statements:  # in source order: a rebinding ends what a name held
        if divided or indices or filled:
            for node in statement_expressions(statement):  # the uses read what the names hold here
                origin = _use_origin(node, divided, indices | filled, resolve)
                if origin is not None and id(origin) not in reported:
                    reported.add(id(origin))
                    yield origin
        if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
            filled |= _filled_indices(statement.value)
            if divided and (appended := _self_append(statement.value)) is not None and \
                    (origin := _origin(statement.value.args[0], divided)) is not None:
                stored.setdefault(appended, origin)
        if isinstance(statement, (ast.For, ast.AsyncFor)) and divided:
            for target, items in _loop_items(statement):  # for prev_id, word_id in zip(prev_ids, word_ids):
                if (origin := _float_source(items, indices, divided, resolve)) is not None:
                    divided[target] = origin if origin is not True else statement
        if not isinstance(statement, ast.Assign):
            continue
        single = statement.targets[0] if len(statement.targets) == 1 and isinstance(
            statement.targets[0], ast.Name) else None
        if single is not None:
            source = _float_source(statement.value, indices, divided, resolve) if indices or divided else None
            if not _mentions_index(statement.value, indices):  # hyp_index = hyp_index[:, :k]: still its ids
                indices.discard(single.id)  # topk_ids = topk_ids.fmod(v): no longer the top-k's ids
            if source is not None:
                divided[single.id] = source if source is not True else statement
            else:
                divided.pop(single.id, None)  # rebound to something else (prev_k = prev_k.long())
        _note_indices(statement, indices, resolve, returned)


def _index_returns(scopes: list[tuple[ast.AST, list[ast.stmt]]], resolve) -> dict[str, frozenset[int]]:
    """The file's functions (by name, each the only one of it) whose every ``return`` spells a tuple holding the
    indices the function took (``selected_logprob, selected_idx = torch.sort(...)`` ... ``return selected_idx,
    selected_logprob``): name -> those positions. A beam search's ``select`` method hands them to ``iter``."""
    found: dict[str, frozenset[int] | None] = {}
    for scope, statements in scopes:
        if not isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        indices: set[str] = set()
        positions: frozenset[int] | None = None
        for statement in statements:
            if isinstance(statement, ast.Assign):
                if len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name):
                    indices.discard(statement.targets[0].id)
                _note_indices(statement, indices, resolve)
            elif isinstance(statement, ast.Return):
                value = statement.value
                here = frozenset(position for position, item in enumerate(value.elts) if isinstance(item, ast.Name)
                                 and item.id in indices) if isinstance(value, ast.Tuple) else frozenset()
                positions = here if positions is None else positions & here
        found[scope.name] = positions if scope.name not in found else None  # two of one name: no telling
    return {name: positions for name, positions in found.items() if positions}


def _base_index_returns(tree: ast.AST, filename: str) -> dict[str, frozenset[int]]:
    """_index_returns of the project modules the file imports a base class of its own classes from (``from
    models.basic_model import BasicModel``, then ``class AttBasicModel(BasicModel)``)."""
    bases = {base.id for node in getattr(tree, "body", ()) if isinstance(node, ast.ClassDef)
             for base in node.bases if isinstance(base, ast.Name)}  # (module-level classes: no walk of the file)
    if not bases:
        return {}
    found: dict[str, frozenset[int]] = {}
    folder = str(Path(filename).parent)
    for statement in getattr(tree, "body", ()):
        if isinstance(statement, ast.ImportFrom) and any((alias.asname or alias.name) in bases for alias in statement.names) \
                and (stamp := folder_module_stamp(folder, statement.level, statement.module)) is not None:
            for name, positions in _module_index_returns(*stamp).items():
                found.setdefault(name, positions)
    return found


@lru_cache(maxsize=128)
def _module_index_returns(path: str, size: int, mtime: int) -> dict[str, frozenset[int]]:
    module = parse_module_file(Path(path))
    return _index_returns(scope_statements(module), lambda node: None) if module is not None else {}


def _loop_items(loop: ast.For | ast.AsyncFor) -> Iterator[tuple[str, ast.expr]]:
    """Each name a loop binds to the items of one sequence: ``for k in prev_ks`` (``k``, ``prev_ks``), ``for k, w in
    zip(prev_ks, words)`` (``k``, ``prev_ks`` and ``w``, ``words``)."""
    target, sequence = loop.target, loop.iter
    if isinstance(target, ast.Name):
        yield target.id, sequence
    elif isinstance(target, ast.Tuple) and isinstance(sequence, ast.Call) and isinstance(sequence.func, ast.Name) \
            and sequence.func.id == "zip" and not sequence.keywords and len(sequence.args) == len(target.elts):
        yield from ((item.id, argument) for item, argument in zip(target.elts, sequence.args)
                    if isinstance(item, ast.Name) and not isinstance(argument, ast.Starred))


def _self_append(call: ast.Call) -> str | None:
    """``self.prev_ks.append(x)``: ``prev_ks``."""
    func = call.func
    if isinstance(func, ast.Attribute) and func.attr == "append" and len(call.args) == 1 and \
            isinstance(func.value, ast.Attribute) and isinstance(func.value.value, ast.Name) and \
            func.value.value.id == "self":
        return func.value.attr
    return None


def _stored_item(value: ast.expr, stored: dict[str, ast.stmt]) -> ast.stmt | None:
    """``self.prev_ks[j][k]``, ``self.prev_ks[-1]``: an item of a stored list of quotients (its division), or None."""
    while isinstance(value, ast.Subscript):
        value = value.value
        if isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name) and value.value.id == "self":
            return stored.get(value.attr)
    return None


def _stored_uses(statements: list[ast.stmt], stored: dict[str, ast.stmt]) -> Iterator[ast.stmt]:
    """The divisions whose stored quotients a scope uses as an index: ``x[self.prev_ks[-1]]``, or a name the scope
    binds only to such items, wherever it reads it (``hyp.append(self.next_ys[j + 1][k])`` then ``k =
    self.prev_ks[j][k]`` in one loop: the next round indexes with the quotient)."""
    bindings: dict[str, list[ast.stmt | None]] = {}
    for statement in statements:
        if isinstance(statement, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.For, ast.AsyncFor)):
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            single = isinstance(statement, ast.Assign) and len(targets) == 1 and isinstance(targets[0], ast.Name)
            for target in targets:
                for node in ast.walk(target):
                    if isinstance(node, ast.Name):
                        bindings.setdefault(node.id, []).append(
                            _stored_item(statement.value, stored) if single else None)
    held = {name: found[0] for name, found in bindings.items() if all(origin is not None for origin in found)}
    for statement in statements:
        for node in statement_expressions(statement):
            if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load):
                index = node.slice
                origin = held.get(index.id) if isinstance(index, ast.Name) else _stored_item(index, stored)
                if origin is not None:
                    yield origin


def _use_origin(node: ast.AST, divided: dict[str, ast.stmt], indices: set[str], resolve) -> ast.AST | None:
    """The division a use of ``node`` reads as an index (the binding, or the out= call itself), or None."""
    if isinstance(node, ast.Call):
        if _divides_into_out(node, indices, resolve):
            return node
        for used in _index_arguments(node, resolve):
            if (origin := _origin(used, divided)) is not None:
                return origin
            if indices and _float_source(used, indices, divided, resolve) is True:
                return node  # feats.index_select(2, the_idx[0, 0, 0, 0] / size): divided where it is used
    elif isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load):
        if indices and _float_source(node.slice, indices, divided, resolve) is True:
            return node
        return _origin(node.slice, divided)
    return None


def _note_indices(statement: ast.Assign, indices: set[str], resolve,
                  returned: dict[str, frozenset[int]] | None = None) -> None:
    value = statement.value
    for target in statement.targets:
        if returned and isinstance(target, ast.Tuple) and isinstance(value, ast.Call) and (
                positions := returned.get(own_callee(value.func))):
            # selected_idx, selected_logprob = self.select(t, logprob): the indices the method returns
            indices.update(item.id for position, item in enumerate(target.elts)
                           if position in positions and isinstance(item, ast.Name))
            continue
        if isinstance(target, ast.Tuple) and len(target.elts) == 2 and isinstance(target.elts[1], ast.Name) \
                and index_pair(value):
            indices.add(target.elts[1].id)  # _, best_ids = scores.topk(k)
        elif isinstance(target, ast.Name) and is_index_value(value, resolve):
            indices.add(target.id)


def _filled_indices(call: ast.Call) -> set[str]:
    """``torch.topk(x, k, out=(values, ids))``: the name the call writes its indices into."""
    out = next((k.value for k in call.keywords if k.arg == "out"), None)
    if isinstance(out, ast.Tuple) and len(out.elts) == 2 and isinstance(out.elts[1], ast.Name) and index_pair(call):
        return {out.elts[1].id}
    return set()


def index_pair(value: ast.expr) -> bool:
    """``x.topk(k)``, ``torch.sort(x)``, ``x.max(1)`` (with a dimension): a (values, indices) pair; so is a max
    pooling given ``return_indices=True`` (``F.max_pool2d(attn, size, return_indices=True)``)."""
    if not isinstance(value, ast.Call):
        return False
    name = value.func.attr if isinstance(value.func, ast.Attribute) else None
    if name in _POOLS and any(keyword.arg == "return_indices" and isinstance(keyword.value, ast.Constant)
                              and keyword.value.value is True for keyword in value.keywords):
        return True
    if name not in INDEX_PAIRS:
        return False
    is_module_call = isinstance(value.func.value, ast.Name) and value.func.value.id == "torch"
    given = len(value.args) + len(value.keywords)
    # x.max() / torch.max(x) reduce to one value; x.max(1) / torch.max(x, 1) pair values with indices
    return name in ("topk", "sort", "kthvalue", "mode") or given >= (2 if is_module_call else 1)


def is_index_value(value: ast.expr, resolve) -> bool:
    """``x.topk(k)[1]``, ``x.max(1).indices``, ``x.argmax(1)``, ``torch.argsort(x)``, or a view of one."""
    if isinstance(value, ast.Subscript) and isinstance(value.slice, ast.Constant) and value.slice.value == 1:
        return index_pair(value.value)
    if isinstance(value, ast.Attribute) and value.attr == "indices":
        return index_pair(value.value)
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute):
        return value.func.attr in _INDEX_CALLS
    return False


def _float_source(value: ast.expr, indices: set[str], divided: dict[str, ast.stmt], resolve):
    """True when ``value`` divides indices truly itself, the binding that did for a name it derives from, or None."""
    if _true_division_of_indices(value, indices, resolve):
        return True
    if isinstance(value, ast.BinOp) and isinstance(value.op, (ast.Add, ast.Sub, ast.Mult)):
        for side in (value.left, value.right):
            if (found := _float_source(side, indices, divided, resolve)) is not None:
                return found
        return None
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr in _KEEPS_DTYPE:
        if value.func.attr == "to" and value.args and not isinstance(value.args[0], ast.Name):
            return None  # .to(torch.long) casts
        return _float_source(value.func.value, indices, divided, resolve)
    if isinstance(value, ast.Name):
        return divided.get(value.id)
    return None


def _true_division_of_indices(value: ast.expr, indices: set[str], resolve) -> bool:
    if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Div):
        return _mentions_index(value.left, indices)
    if isinstance(value, ast.Call) and not any(k.arg == "rounding_mode" for k in value.keywords):
        if isinstance(value.func, ast.Attribute) and value.func.attr in ("div", "true_divide") and \
                resolve(value.func) is None:
            return _mentions_index(value.func.value, indices)  # best_ids.div(num_words)
        if resolve(value.func) in ("torch.div", "torch.true_divide") and value.args:
            return _mentions_index(value.args[0], indices)
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr in _KEEPS_DTYPE:
        return _true_division_of_indices(value.func.value, indices, resolve)
    return False


def _mentions_index(value: ast.expr, indices: set[str]) -> bool:
    """An index name, or a view or an element of one (``best_ids.view(-1)``, ``the_idx[0, 0, 0, 0]``)."""
    while isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr in _KEEPS_DTYPE \
            or isinstance(value, ast.Subscript):
        value = value.func.value if isinstance(value, ast.Call) else value.value
    return isinstance(value, ast.Name) and value.id in indices


def _divides_into_out(call: ast.Call, indices: set[str], resolve) -> bool:
    """``torch.div(cand_ids, vocab, out=cand_beams)``: the float quotient written into an index buffer."""
    return resolve(call.func) == "torch.div" and bool(call.args) and _mentions_index(call.args[0], indices) and \
        any(k.arg == "out" for k in call.keywords) and not any(k.arg == "rounding_mode" for k in call.keywords)


def _index_arguments(call: ast.Call, resolve) -> list[ast.expr]:
    """The index a call reads: ``x.index_select(d, i)``, ``torch.index_select(x, d, i)``, ``x.gather(d, i)``, and
    what any call takes under a keyword named for indices (``tensor_gather_helper(gather_indices=next_beam_ids)``:
    the project's helper, in another module, index_selects with it)."""
    func = call.func
    keyword = [k.value for k in call.keywords if k.arg and _INDEX_KEYWORD.fullmatch(k.arg)]  # index=prev_k
    if isinstance(func, ast.Attribute) and func.attr in ("index_select", "gather"):
        if resolve(func) in ("torch.index_select", "torch.gather"):
            return call.args[2:3] + keyword
        return call.args[1:2] + keyword
    return keyword


def _origin(used: ast.expr, divided: dict[str, ast.stmt]) -> ast.stmt | None:
    """The binding whose division ``used`` (a name, a view of one, or its ``.data``) reads, or None."""
    while isinstance(used, ast.Call) and isinstance(used.func, ast.Attribute) and used.func.attr in _KEEPS_DTYPE \
            or isinstance(used, ast.Attribute) and used.attr == "data":
        used = used.func.value if isinstance(used, ast.Call) else used.value
    return divided.get(used.id) if isinstance(used, ast.Name) else None
