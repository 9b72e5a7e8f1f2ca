"""``torch.ByteTensor(scores.cpu() > 0.5)``: a typed legacy constructor given a tensor of another dtype.

``torch.FloatTensor(t)``, ``torch.cuda.ByteTensor(t)`` and the other typed constructors take a tensor only of their
own dtype and raise ``TypeError`` for any other ("expected TensorOptions(dtype=unsigned char, ...) (got
TensorOptions(dtype=bool, ...))", run on 2.15). Code from before 1.2, when a comparison gave a uint8 tensor, wraps
one in ``torch.ByteTensor``; code that took ``torch.arange`` for a float tensor wraps an int64 one in
``torch.FloatTensor``. NumPy arrays and lists convert whatever their type, so a dtype counts only where the source
shows a torch tensor of it, inline in the constructor's one argument:

- a comparison (``x.cpu() > 0.5``) with a side that is a torch tensor (a torch factory's result, or a method only
  torch tensors have: ``.cpu()``, ``.cuda()``, ``.detach()``, a dtype cast; or a name its scope binds once to a torch
  function's or torch module's result: ``sig_out = sig_f(preds)`` after ``sig_f = nn.Sigmoid()``), or a comparison
  method (``x.gt(0)``, ``torch.eq(a, b)``): bool;
- a dtype cast (``.long()``, ``.float()``, ``.byte()``, ``.bool()``, ...);
- ``torch.arange`` of integers (literals, names, sizes: a float literal or a true division makes it float),
  ``torch.randint``, ``torch.randperm``, ``torch.argmax``/``argmin``/``argsort``: int64; ``torch.zeros``,
  ``ones``, ``rand``, ``randn``, ``empty``, ``linspace`` without ``dtype=``: float32; any of them with a
  ``dtype=torch.<name>`` says it.
"""

from __future__ import annotations

import ast
from typing import Callable, Iterator

from .imports import code_scopes, name_values, own_nodes, walk_nodes, walk_tree
from .selfmethods import is_module_class

_TYPED = {"FloatTensor": "float32", "DoubleTensor": "float64", "HalfTensor": "float16", "BFloat16Tensor": "bfloat16",
          "ByteTensor": "uint8", "CharTensor": "int8", "ShortTensor": "int16", "IntTensor": "int32",
          "LongTensor": "int64", "BoolTensor": "bool"}
CONSTRUCTORS = {f"{module}.{name}": dtype for name, dtype in _TYPED.items() for module in ("torch", "torch.cuda")}
_DTYPES = {"torch.float": "float32", "torch.float32": "float32", "torch.double": "float64", "torch.float64": "float64",
           "torch.half": "float16", "torch.float16": "float16", "torch.bfloat16": "bfloat16", "torch.uint8": "uint8",
           "torch.int8": "int8", "torch.short": "int16", "torch.int16": "int16", "torch.int": "int32",
           "torch.int32": "int32", "torch.long": "int64", "torch.int64": "int64", "torch.bool": "bool"}
_CASTS = {"float": "float32", "double": "float64", "half": "float16", "bfloat16": "bfloat16", "byte": "uint8",
          "char": "int8", "short": "int16", "int": "int32", "long": "int64", "bool": "bool"}
_COMPARISON_METHODS = frozenset({"eq", "ne", "gt", "ge", "lt", "le", "isnan", "isinf", "isfinite", "logical_not",
                                 "logical_and", "logical_or", "logical_xor"})
_COMPARISON_FUNCTIONS = frozenset(f"torch.{name}" for name in _COMPARISON_METHODS)
_COMPARISONS = (ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE)
_INDEX_FUNCTIONS = frozenset({"torch.randint", "torch.randperm", "torch.argmax", "torch.argmin", "torch.argsort"})
_FLOAT_FACTORIES = frozenset({"torch.zeros", "torch.ones", "torch.rand", "torch.randn", "torch.empty",
                              "torch.linspace"})
# methods NumPy arrays and Python numbers lack: their receiver's result is a torch tensor
_TORCH_ONLY_METHODS = frozenset({"cpu", "cuda", "detach", "contiguous", "clone", *_CASTS})


def mistyped_constructor_inputs(tree: ast.AST, resolve: Callable[[ast.AST], str | None],
                                text: str | None = None) -> Iterator[tuple[ast.Call, str]]:
    """Each typed constructor given one tensor whose dtype the source shows to be another, with the constructor."""
    if text is not None and "Tensor(" not in text:
        return
    named: list[tuple[ast.Call, str]] = []  # comparisons of a name: its binding in the scope decides
    for node in walk_tree(tree):
        if not (isinstance(node, ast.Call) and len(node.args) == 1 and not node.keywords
                and isinstance(node.func, ast.Attribute)):
            continue
        if expected := CONSTRUCTORS.get(api := resolve(node.func) or ""):
            given = tensor_dtype(node.args[0], resolve)
            if given is not None and given != expected:
                yield node, api
            elif given is None and expected != "bool" and _compared_names(node.args[0]):
                named.append((node, api))
    if named:
        yield from _named_comparisons(tree, named, resolve)


def _compared_names(value: ast.expr) -> list[str]:
    """The plain names an elementwise comparison has as a side (``sig_out`` of ``sig_out > 0.5``)."""
    if not (isinstance(value, ast.Compare) and _elementwise(value)):
        return []
    return [side.id for side in (value.left, *value.comparators) if isinstance(side, ast.Name)]


def _named_comparisons(tree: ast.AST, named: list[tuple[ast.Call, str]],
                       resolve: Callable[[ast.AST], str | None]) -> Iterator[tuple[ast.Call, str]]:
    """``sig_f = nn.Sigmoid()`` ... ``sig_out = sig_f(preds)`` ... ``torch.ByteTensor(sig_out > 0.5)``: a compared
    name its scope binds once, to a torch tensor (is_torch_tensor), a torch function's result (``torch.sigmoid(x)``,
    ``F.softmax(x, 1)``) or a torch module's (``nn.Sigmoid()(x)``, or through a name bound once to the module)."""
    wanted = {id(node) for node, _ in named}
    for scope in code_scopes(tree):
        nodes = list(own_nodes(scope))
        present = {id(n) for n in nodes if id(n) in wanted}
        here = [(node, api) for node, api in named if id(node) in present]
        if not here:
            continue
        values = name_values(nodes)

        def once(name: str) -> ast.expr | None:
            bound = values.get(name, ())
            return bound[0] if len(bound) == 1 else None

        for node, api in here:
            if any((value := once(name)) is not None and _makes_tensor(value, resolve, once)
                   for name in _compared_names(node.args[0])):
                yield node, api


# torch functions that answer no tensor (or not one of their input's making)
_NOT_TENSOR_FUNCTIONS = frozenset({"load", "save", "device", "numel", "typename", "manual_seed", "no_grad",
                                   "enable_grad", "compile", "from_file"})
_TENSOR_MODULES = ("torch.", "torch.nn.functional.", "torch.special.", "torch.linalg.", "torch.fft.")


def _makes_tensor(value: ast.expr, resolve: Callable[[ast.AST], str | None], once) -> bool:
    if is_torch_tensor(value, resolve):
        return True
    if not isinstance(value, ast.Call):
        return False
    if (api := resolve(value.func)) is not None:
        module, _, function = api.rpartition(".")
        return f"{module}." in _TENSOR_MODULES and function[:1].islower() and function not in _NOT_TENSOR_FUNCTIONS \
            and not function.startswith(("is_", "get_", "set_"))
    made = value.func if isinstance(value.func, ast.Call) else once(value.func.id) if isinstance(
        value.func, ast.Name) else None  # nn.Sigmoid()(x), or sig_f(x) after sig_f = nn.Sigmoid()
    return isinstance(made, ast.Call) and is_module_class(resolve(made.func) or "")


def tensor_dtype(value: ast.expr, resolve: Callable[[ast.AST], str | None]) -> str | None:
    """The dtype of ``value`` where the source shows it is a torch tensor of one (module docstring), else None."""
    if isinstance(value, ast.Compare):
        return "bool" if _elementwise(value) and any(
            is_torch_tensor(side, resolve) for side in (value.left, *value.comparators)) else None
    if not isinstance(value, ast.Call):
        return None
    dtype = next((keyword.value for keyword in value.keywords if keyword.arg == "dtype"), None)
    api = resolve(value.func)
    if api is not None and api.startswith("torch."):
        if dtype is not None:
            return _DTYPES.get(resolve(dtype) or "")
        if api in _COMPARISON_FUNCTIONS:
            return "bool"
        if api in _INDEX_FUNCTIONS:
            return "int64"
        if api == "torch.arange":
            return _arange_dtype(value.args)
        return "float32" if api in _FLOAT_FACTORIES else None
    if api is not None or not isinstance(value.func, ast.Attribute):
        return None  # np.float32(x), a project function: not known
    method = value.func.attr
    if method in _CASTS and not value.args and not value.keywords:
        return _CASTS[method]
    if method in _COMPARISON_METHODS and len(value.args) <= 1 and is_torch_tensor(value.func.value, resolve):
        return "bool"
    return None


def is_torch_tensor(value: ast.expr, resolve: Callable[[ast.AST], str | None]) -> bool:
    """``value`` is a torch tensor by its making: a torch factory or a method only tensors have, or an item of one."""
    while isinstance(value, ast.Subscript):
        value = value.value
    if not isinstance(value, ast.Call):
        return False
    api = resolve(value.func)
    if api is not None:
        return api in _FLOAT_FACTORIES or api in _INDEX_FUNCTIONS or api in ("torch.tensor", "torch.arange",
                                                                                "torch.from_numpy", "torch.as_tensor")
    return isinstance(value.func, ast.Attribute) and value.func.attr in _TORCH_ONLY_METHODS and not value.args


def _elementwise(compare: ast.Compare) -> bool:
    return len(compare.ops) == 1 and isinstance(compare.ops[0], _COMPARISONS) and not any(
        isinstance(side, ast.Constant) and not isinstance(side.value, (int, float))
        for side in (compare.left, *compare.comparators))


def _arange_dtype(arguments: list[ast.expr]) -> str | None:
    """``torch.arange(0, n)``: int64 when no argument is a float literal, a true division or a float() call."""
    for argument in arguments:
        for node in walk_nodes(argument):
            if isinstance(node, ast.Constant) and isinstance(node.value, float) or \
                    isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div) or \
                    isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "float":
                return "float32"
            if isinstance(node, ast.Starred):
                return None
    return "int64" if arguments else None
