"""``labels[idx[i]]``: a dict looked up with an element of an index tensor, a KeyError since 0.4.

Up to 0.3 an element of a ``LongTensor`` was a Python int, so ``labels[idx[i]]`` after ``probs, idx =
probs.sort(0, descending=True)`` found the class name under its int key. Since 0.4 the element is a 0-dim tensor,
and a tensor hashes by identity: the lookup raises ``KeyError: tensor(2)``. Known here where the function binds the
dict name only to dict displays or comprehensions (``{int(k): v for k, v in content.items()}``), or to what a
module-level function of the file returns when its every return is one, and the index name only to integer
indices torch computes: the indices of ``sort``/``topk``/``max``/``min`` with a dim and the other (values, indices)
pairs, ``argmax``/``argmin``/``argsort`` (as intdivision.py reads them), or a ``torch.LongTensor(...)``/
``torch.tensor(...)`` of a list. The subscript of
the dict is reported; ``labels[idx[i].item()]`` is the fix.
"""

from __future__ import annotations

import ast
import re
from typing import Callable, Iterator

from .imports import code_scopes, own_nodes
from .intdivision import index_pair, is_index_value

_INDEX_TENSORS = frozenset({"torch.LongTensor", "torch.tensor", "torch.cuda.LongTensor"})
_WORDS = ("sort(", "topk(", ".max(", ".min(", "argm", "argsort", "LongTensor", "torch.tensor(")
# name[name[i]] spelled out (text: compiled when first asked; most files never index with an indexed value)
_NESTED_INDEX = r"\w\[\s*\w+\[\s*\w+\s*\]\s*\]"


def tensor_dict_keys(tree: ast.AST, resolve: Callable[[ast.AST], str | None],
                     text: str | None = None) -> Iterator[ast.Subscript]:
    """Each ``d[t[i]]`` of a dict ``d`` and an index tensor ``t`` the function binds (module docstring)."""
    if text is not None and (not any(word in text for word in _WORDS) or re.search(_NESTED_INDEX, text) is None):
        return
    dict_functions = _dict_functions(tree)
    for scope in code_scopes(tree):
        nodes = list(own_nodes(scope))
        dicts: dict[str, bool] = {}
        indices: dict[str, bool] = {}
        for node in nodes:
            if not isinstance(node, ast.Assign) or len(node.targets) != 1:
                continue
            target, value = node.targets[0], node.value
            if isinstance(target, ast.Name):
                dicts[target.id] = dicts.get(target.id, True) and _builds_dict(value, dict_functions)
                indices[target.id] = indices.get(target.id, True) and _index_tensor(value, resolve)
            elif isinstance(target, ast.Tuple) and len(target.elts) == 2 and index_pair(value):
                values, second = target.elts
                if isinstance(values, ast.Name):
                    dicts[values.id] = indices[values.id] = False
                if isinstance(second, ast.Name):
                    dicts[second.id] = False
                    indices[second.id] = indices.get(second.id, True)
            else:
                for name in (inner.id for inner in ast.walk(target) if isinstance(inner, ast.Name)):
                    dicts[name] = indices[name] = False
        for node in nodes:
            if isinstance(node, (ast.For, ast.AsyncFor, ast.With, ast.AsyncWith, ast.comprehension)):
                for name in (inner.id for inner in ast.walk(getattr(node, "target", node))
                             if isinstance(inner, ast.Name) and isinstance(inner.ctx, ast.Store)):
                    dicts[name] = indices[name] = False  # a loop or with target: bound to what it runs over
        for node in nodes:
            if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load) and \
                    isinstance(node.value, ast.Name) and dicts.get(node.value.id) and \
                    isinstance(key := node.slice, ast.Subscript) and isinstance(key.value, ast.Name) and \
                    indices.get(key.value.id) and _one_element(key.slice):
                yield node


def _one_element(index: ast.expr) -> bool:
    """``i`` or ``0``: one element of a 1-D tensor (not a slice, not a tuple of indices)."""
    return isinstance(index, ast.Name) or (isinstance(index, ast.Constant) and type(index.value) is int)


def _builds_dict(value: ast.expr, dict_functions: frozenset[str]) -> bool:
    if isinstance(value, (ast.Dict, ast.DictComp)):
        return True
    return isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in dict_functions


def _dict_functions(tree: ast.AST) -> frozenset[str]:
    """The file's module-level functions whose every ``return`` gives a dict display or comprehension, or a name the
    function binds only to one (``labels = {int(k): v ...}; return labels``)."""
    found = set()
    for function in getattr(tree, "body", ()):
        if not isinstance(function, ast.FunctionDef):
            continue
        nodes = list(own_nodes(function))
        bound: dict[str, bool] = {}
        for node in nodes:
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                name = node.targets[0].id
                bound[name] = bound.get(name, True) and isinstance(node.value, (ast.Dict, ast.DictComp))
        returns = [node.value for node in nodes if isinstance(node, ast.Return)]
        if returns and all(isinstance(value, (ast.Dict, ast.DictComp)) or
                           (isinstance(value, ast.Name) and bound.get(value.id)) for value in returns):
            found.add(function.name)
    return frozenset(found)


def _index_tensor(value: ast.expr, resolve: Callable[[ast.AST], str | None]) -> bool:
    """``x.argmax(1)``, ``x.max(1)[1]`` (intdivision.is_index_value), ``torch.LongTensor(seq)``: integer indices torch
    computes."""
    if is_index_value(value, resolve):
        return True
    return isinstance(value, ast.Call) and resolve(value.func) in _INDEX_TENSORS and len(value.args) == 1 and \
        isinstance(value.args[0], (ast.Name, ast.List, ast.ListComp))
