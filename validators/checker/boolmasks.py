"""``1 - mask`` on a bool tensor (rule kind ``bool-subtraction``).

torch 1.2 made comparisons return bool tensors and refused ``-`` on them: ``1 - valid_mask`` (the old way to invert a
uint8 mask) raises "Subtraction, the `-` operator, with a bool tensor is not supported" (RuntimeError up to 2.13,
NotImplementedError on 2.15), and ``-mask`` raises the same for negation.

The values are followed the way uint8masks.py follows uint8 ones (its search, with bool makers in place of uint8
ones): a subtraction is reported only when one side is provably bool in this file, made by a tensor comparison
method (``target.ne(ignore)``, ``.eq``, ``.lt``, ``.isnan()``, ...), ``.bool()``, ``.to(torch.bool)``, a call with
``dtype=torch.bool`` or ``torch.eq``/``torch.logical_not``/..., kept through dtype-keeping calls, ``~``, ``&``,
``|`` and ``*`` of two bool values. A comparison (``a > b``) counts only when a side is provably a torch tensor
(made by a torch factory such as ``torch.tensor(...)``/``torch.zeros``, kept through tensor methods: ``src =
torch.tensor(rows)`` ... ``1 - (src == 0)``); on plain numbers it is a Python bool, and ``1 - True`` is fine.

A comparison method known by its name alone (``x.gt(r)``, ``self.ne(y)``, its receiver not provably a torch
tensor) may be a project tensor type's (CrypTen's ``MPCTensor.gt`` returns its own arithmetic-shared tensor, and
``1 - x.gt(r)`` is that type's ``__rsub__``): such a finding is dropped once the sub-project is walked when one of
its classes without a torch base defines that method (ownmethods.py).

The work runs only for a file whose text both subtracts (or negates) and makes a bool value this way, or subtracts
a parenthesized comparison (``- (x == 0)``).
"""

from __future__ import annotations

import ast
import re
from typing import Callable, Iterator

from .imports import names_device, statements
from .provenance import Provenance
from .uint8masks import _KEEP_DTYPE, _Calls, _Search

_BOOL_TYPES = frozenset({"torch.bool", "torch.BoolTensor", "torch.cuda.BoolTensor"})
# Tensor methods returning a bool tensor whatever the receiver's dtype (in-place ne_ and friends keep the dtype)
_BOOL_METHODS = frozenset({"ne", "eq", "lt", "le", "gt", "ge", "greater", "less", "greater_equal", "less_equal",
                           "not_equal", "isnan", "isinf", "isfinite", "isneginf", "isposinf", "signbit",
                           "logical_not", "logical_and", "logical_or", "logical_xor"})
_BOOL_FUNCTIONS = frozenset({f"torch.{name}" for name in _BOOL_METHODS} | {"torch.BoolTensor", "torch.cuda.BoolTensor"})
_ARITHMETIC = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow)
_TENSOR_COMPARISONS = (ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE)
# torch functions of a tensor that return a new one and refuse anything else (torch.sigmoid(np.ones(2)) is a
# TypeError): ``torch.sigmoid(logit) > t`` compares a torch tensor, so it makes a bool one
_TENSOR_FUNCTIONS = frozenset({f"torch.{name}" for name in (
    "sigmoid", "tanh", "exp", "log", "sqrt", "relu", "softmax", "log_softmax", "matmul", "mm", "bmm")} | {
    f"torch.nn.functional.{name}" for name in ("sigmoid", "tanh", "relu", "softmax", "log_softmax", "normalize",
                                                "interpolate")})
# torch calls that make a new tensor
_TENSOR_FACTORIES = frozenset({f"torch.{name}" for name in (
    "tensor", "as_tensor", "from_numpy", "zeros", "ones", "full", "empty", "arange", "linspace", "rand", "randn",
    "randint", "randperm", "zeros_like", "ones_like", "full_like", "empty_like", "cat", "stack", "Tensor",
    "LongTensor", "FloatTensor", "IntTensor", "DoubleTensor", "cuda.LongTensor", "cuda.FloatTensor")}) | \
    _TENSOR_FUNCTIONS
# tensor methods returning a tensor (beside uint8masks' dtype-keeping ones)
_TENSOR_METHODS = frozenset({"long", "float", "int", "double", "half", "to", "type_as", "abs", "clamp", "masked_fill",
                             "new_zeros", "new_ones", "new_full", "new_tensor"})
# tensor methods NumPy arrays and Python numbers lack: a name converted by one is a torch tensor
_TORCH_ONLY_CONVERSIONS = ("float", "long", "cuda", "byte", "half", "double")
# mask = label == -1, high = (label == 1) * (score > t): a comparison bound to a name (_converted_in_scope decides)
# (also through a call chain: y_pred = torch.sigmoid(logit).view(n, -1) > t)
_ASSIGNED_COMPARISON = re.compile(r"^[ \t]*\w+[ \t]*=[ \t]*\(?[\w.]+(?:\([^()\n]*\)[\w.]*)*[ \t]*(?:[=!<>]=|[<>])",
                                  re.MULTILINE)
_TORCH_ONLY_CALL = re.compile(r"\.(?:%s)\(\)" % "|".join(_TORCH_ONLY_CONVERSIONS))
# a subtraction or negation of a parenthesized comparison: 1 - (src == 0)
_SUBTRACTS_COMPARISON = re.compile(r"-\s*\([^()\n]*(?:==|!=|<|>)")
# a bool-making method name followed by "(", or .bool(); torch.bool and BoolTensor are asked apart (_makes_bool)
_BOOL_CALL = re.compile(r"\.(?:(?:%s)\(|bool\(\))" % "|".join(sorted(_BOOL_METHODS)))
_TORCH_BOOL = re.compile(r"torch\.bool\b")


def _makes_bool(source: str) -> bool:
    """The text may make a bool tensor: a bool-making method called, ``.bool()``, ``torch.bool`` or ``BoolTensor``.
    Three tests, not one pattern: alternatives starting with three different characters made re try every position
    of the text (a third of this pass's time on files that never subtract a mask); ``.`` alone starts _BOOL_CALL."""
    return "BoolTensor" in source or ("torch.bool" in source and _TORCH_BOOL.search(source) is not None) or \
        _BOOL_CALL.search(source) is not None


class _BoolSearch(_Search):
    """uint8masks' search, asking "provably bool?" instead of "provably uint8?" (its ``uint8`` method answers)."""

    uint8_tests = False
    integer_arithmetic = False  # 1 - mask on a bool mask raises: that is what this search reports

    def _call(self, call: ast.Call, scope: int, depth: int, at: int | None) -> bool:
        func = call.func
        dtype = next((kw.value for kw in call.keywords if kw.arg == "dtype"), None)
        if dtype is not None:
            return self.resolve(dtype) in _BOOL_TYPES and self._made(call)
        api = self.resolve(func)
        if api in _BOOL_FUNCTIONS:
            return self._made(call)
        if isinstance(func, ast.Name) and api is None:  # the file's own helper, or one imported from the project
            return self._returns_uint8(func.id, depth) or self._imported_item(call, None)
        if not isinstance(func, ast.Attribute) or (api is not None and not api.startswith("torch.")):
            return False  # operator.eq(a, b): not a tensor
        if isinstance(func.value, ast.Name) and func.value.id in self.modules:
            return False  # np.isnan(x): a function of an imported module, not a tensor method (torch's are above)
        if func.attr in _BOOL_METHODS:
            if isinstance(func.value, ast.Name) and func.value.id in ("self", "cls"):
                return False  # self.gt(x, 0.5): the module's own attribute (a Function's apply), not a tensor method
            self.named.append((call, scope, at))
            return self._made(call)
        if func.attr == "bool" and not call.args and not call.keywords:
            return self._made(call)
        if func.attr in ("to", "type") and len(call.args) == 1 and not call.keywords:
            if self.resolve(call.args[0]) in _BOOL_TYPES:
                return self._made(call)
            if func.attr == "to" and self.resolve(call.args[0]) is None and names_device(call.args[0]):
                return self.uint8(func.value, scope, depth + 1, at)
            return False
        if func.attr in _KEEP_DTYPE:
            return self.uint8(func.value, scope, depth + 1, at)
        return False

    def uint8(self, node: ast.expr | None, scope: int, depth: int = 0, at: int | None = None) -> bool:
        if isinstance(node, ast.Compare):
            return self._compare(node, scope, depth, at)
        return super().uint8(node, scope, depth, at)

    def _compare(self, node: ast.Compare, scope: int, depth: int, at: int | None) -> bool:
        """``src == 0`` with ``src`` provably a tensor (``src = torch.tensor(...)``): a bool tensor. Between plain
        numbers it is a Python bool (``1 - True`` is fine), so a side must be shown to be a tensor."""
        if len(node.ops) != 1 or not isinstance(node.ops[0], _TENSOR_COMPARISONS) or depth > 10:
            return False
        sides = (node.left, node.comparators[0])
        if any(isinstance(side, ast.Constant) and not isinstance(side.value, (int, float)) for side in sides):
            return False  # x == None, x == "mean": not an elementwise comparison
        if self.converted_result:  # (1 - mask).float(): the difference is a tensor, so the comparison made one
            self.makers.append(node)
            return True
        tensors = _TensorSearch(self.provenance, self.calls, self.resolve)
        tensors.modules = self.modules
        if any(tensors.uint8(side, scope, depth + 1, at) or _converted_in_scope(side, scope, self.calls)
               for side in sides):
            self.makers.append(node)
            return True
        return False

    modules: "_ImportedNames | frozenset[str]" = frozenset()  # names the file's import statements bind
    converted_result = False  # the subtraction's result is converted by a method only torch tensors have

    def __init__(self, provenance: Provenance, calls: _Calls, resolve: Callable) -> None:
        super().__init__(provenance, calls, resolve)
        self.named: list[tuple[ast.Call, int, int | None]] = []  # x.gt(r) makers: (call, scope, statement)

    def named_methods(self) -> list[tuple[str, int]]:
        """The comparison-method makers known by their name alone (``x.ne(y)``), as (method, positional arguments):
        not one whose receiver is provably a torch tensor (``torch.as_tensor(v).gt(0)``)."""
        found = []
        for call, scope, at in self.named:
            tensors = _TensorSearch(self.provenance, self.calls, self.resolve)
            tensors.modules = self.modules
            if not tensors.uint8(call.func.value, scope, 1, at):
                found.append((call.func.attr, sum(not isinstance(a, ast.Starred) for a in call.args)))
        return found

    def _made(self, call: ast.Call) -> bool:
        self.makers.append(call)
        return True


def _converted_differences(calls: _Calls) -> set[int]:
    """The ``a - b`` nodes converted by a method only torch tensors have, ``(1 - mask).float()``: a NumPy array or a
    Python number has no ``float()``, so the difference is a tensor and a comparison it subtracts made a bool one."""
    return {id(call.func.value) for method in _TORCH_ONLY_CONVERSIONS
            for call, _, _, _ in calls.by_name.get(method, ())
            if isinstance(call.func, ast.Attribute) and isinstance(call.func.value, ast.BinOp)
            and isinstance(call.func.value.op, ast.Sub) and not call.args and not call.keywords}


def _converted_in_scope(side: ast.expr, scope: int, calls: _Calls) -> bool:
    """``label.float()`` in the function that compares ``label == -1``: a plain name converted there by a method only
    torch tensors have (NumPy arrays and Python numbers have no ``float()``/``long()``/``cuda()``) is one."""
    if not isinstance(side, ast.Name):
        return False
    return any(call_scope == scope and not call.args and not call.keywords and isinstance(call.func, ast.Attribute)
               and isinstance(call.func.value, ast.Name) and call.func.value.id == side.id
               for method in _TORCH_ONLY_CONVERSIONS for call, call_scope, _, _ in calls.by_name.get(method, ()))


class _TensorSearch(_Search):
    """uint8masks' search, asking "provably a torch tensor?": made by a torch factory (``torch.tensor(...)``,
    ``torch.zeros``, ``torch.LongTensor(...)``, ...) and kept through tensor methods (``.long()``, ``.to(device)``,
    ``.view(...)``, indexing)."""

    uint8_tests = False
    modules: "_ImportedNames | frozenset[str]" = frozenset()

    def _call(self, call: ast.Call, scope: int, depth: int, at: int | None) -> bool:
        func = call.func
        if self.resolve(func) in _TENSOR_FACTORIES:
            self.makers.append(call)
            return True
        if not isinstance(func, ast.Attribute) or (isinstance(func.value, ast.Name) and func.value.id in self.modules):
            return False
        if func.attr in _KEEP_DTYPE or func.attr in _TENSOR_METHODS:
            return self.uint8(func.value, scope, depth + 1, at)
        return False

    def uint8(self, node: ast.expr | None, scope: int, depth: int = 0, at: int | None = None) -> bool:
        if isinstance(node, ast.BinOp) and isinstance(node.op, _ARITHMETIC) and depth <= 10:
            # beam + torch.arange(beam): arithmetic with a tensor makes a tensor
            return self.uint8(node.left, scope, depth + 1, at) or self.uint8(node.right, scope, depth + 1, at)
        return super().uint8(node, scope, depth, at)


def bool_subtractions(tree: ast.AST, source: str, provenance: Provenance, resolve: Callable,
                      file_calls: Callable[[], _Calls], helpers: Callable[[], dict] | None = None
                      ) -> Iterator[tuple[ast.AST, list[tuple[str, int]]]]:
    """Each ``a - b`` (or ``-a``, ``a -= b``) where a side is provably a bool tensor, with the method calls the
    answer rests on by name alone (``x.gt(r)``: method, positional arguments), which a class of the project's own
    may define (ownmethods.py: a CrypTen-style tensor type whose ``gt`` returns its own arithmetic tensor).
    ``file_calls``: uint8masks.shared_calls of the file; ``helpers``: the project functions it imports that return a
    bool tensor (helpermasks.py: ``mask = sequence_mask(lengths)``), asked once a subtraction is found."""
    if "-" not in source:
        return
    makes = _makes_bool(source) or _SUBTRACTS_COMPARISON.search(source) is not None or (
        _ASSIGNED_COMPARISON.search(source) is not None and _TORCH_ONLY_CALL.search(source) is not None)
    if not makes and (helpers is None or "import" not in source):
        return
    imported: dict | None = None  # read on the first question
    if not makes and not (imported := helpers()):
        return  # the text makes no bool value, and calls no imported helper that returns one (asked before the
        # walk below: most files subtract and import, few call a project helper that returns a mask)
    calls = file_calls()  # its one walk of the tree also finds the subtractions
    if not calls.subtractions:
        return
    modules = _ImportedNames(tree)
    converted = _converted_differences(calls)
    for node, sides, scope, statement in calls.subtractions:
        for side in sides:
            search = _BoolSearch(provenance, calls, resolve)
            search.modules = modules
            search.converted_result = id(node) in converted
            if helpers is not None:
                if imported is None:
                    imported = helpers()
                search.helpers = imported
            if search.uint8(side, scope, 0, statement) and (search.makers or not search.cycles):
                yield node, search.named_methods()
                break


class _ImportedNames:
    """The names the file's import statements bind, found on the first question: most files' searches never ask,
    and finding them walks every statement."""

    def __init__(self, tree: ast.AST) -> None:
        self._tree = tree
        self._names: frozenset[str] | None = None

    def __contains__(self, name: str) -> bool:
        if self._names is None:
            # imports are statements: the statements alone are walked, not the expressions
            self._names = frozenset(alias.asname or alias.name.split(".")[0] for node in statements(self._tree)
                                    if isinstance(node, (ast.Import, ast.ImportFrom)) for alias in node.names)
        return name in self._names
