"""``type(h) == Variable``: a test of a tensor's exact class against a class no tensor has had since 0.4.

Since 0.4 every tensor is a ``torch.Tensor``: ``Variable(x)`` returns one, and the typed classes
(``torch.FloatTensor``, ``torch.cuda.LongTensor``, ...) only answer ``isinstance``. ``type(x) == Variable``,
``type(x) is torch.FloatTensor`` and ``type(x) in (Variable, ...)`` are never true (``!=``/``is not``/``not in``
always), so the branch written for tensors never runs: the word-language-model ``repackage_hidden`` then iterates
into the tensor until "iteration over a 0-d tensor" (run on 2.15). Reported at the comparison, with the class.
"""

from __future__ import annotations

import ast
import re
from typing import Callable, Iterator

from .imports import walk_tree
from .typedconstructors import CONSTRUCTORS

_CLASSES = frozenset({"torch.autograd.Variable", "torch.autograd.variable.Variable", *CONSTRUCTORS})
_TESTS = (ast.Eq, ast.NotEq, ast.Is, ast.IsNot, ast.In, ast.NotIn)
# `type(x) == ...`, `type(x) in (...)`, `... is type(x)` in the text (not `x.type()`, `dtype(`): most files have none
_TYPE_TEST = re.compile(r"(?<![\w.])type\([^()]*\)\s*(?:[=!]=|is\b|in\b|not\b)|(?:[=!]=|\bis)\s*type\(")


def exact_tensor_class_tests(tree: ast.AST, resolve: Callable[[ast.AST], str | None],
                             text: str | None = None) -> Iterator[tuple[ast.Compare, str]]:
    """Each ``type(x) <op> C`` (either side) with C one of the classes above, or a tuple of them (``in``)."""
    if text is not None and ("type(" not in text or not _TYPE_TEST.search(text)):
        return
    for node in walk_tree(tree):
        if node.__class__ is not ast.Compare or len(node.ops) != 1 or not isinstance(node.ops[0], _TESTS):
            continue
        left, right = node.left, node.comparators[0]
        if _is_type_call(right) and not isinstance(node.ops[0], (ast.In, ast.NotIn)):
            left, right = right, left
        if _is_type_call(left) and (api := _tested_class(right, resolve)) is not None:
            yield node, api


def _is_type_call(node: ast.expr) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "type" \
        and len(node.args) == 1 and not node.keywords


def _tested_class(node: ast.expr, resolve) -> str | None:
    """The first torch class of ``node`` (a class, or a tuple or list of classes), as the rule names it."""
    for item in node.elts if isinstance(node, (ast.Tuple, ast.List, ast.Set)) else (node,):
        if (api := resolve(item)) in _CLASSES:
            return "torch.autograd.Variable" if api.endswith(".Variable") else api
    return None
