"""Module attributes that a class's own methods apply to a flat (N, features) value.

``nn.Dropout2d`` warns on 2-D input ("Received a 2-D input to dropout2d"), and its rule stays quiet in a file with
2-D convolutions, which make the 4-D maps it is built for. The MNIST net of pytorch/examples (and its copies) has
both: ``self.dropout1`` after ``max_pool2d`` sees 4-D maps, ``self.dropout2`` after ``torch.flatten(x, 1)`` and
``self.fc1`` sees (N, 128). This reads, in each method, the value a module attribute is called on: flat when the
name was last bound (earlier in the same method, by line) to ``torch.flatten(x, 1)``, ``x.flatten(1)``,
``x.view(a, b)``/``x.reshape(a, b)``, a call of an ``nn.Linear`` attribute of the class, or an element-wise
activation of a flat value. Anything else (a branch, a loop variable, a parameter) is not flat. In an
``nn.Sequential(...)`` of constructors, a layer's input is flat when the nearest shape-changing layer before it is an
``nn.Linear`` or an ``nn.Flatten()`` (foolbox's MNIST zoo model: ``..., nn.Flatten(), nn.Linear(9216, 128),
nn.ReLU(), nn.Dropout2d(0.5), ...``), and so is it (3-D) when that layer is a 1-D convolution or pooling; a
Sequential attribute a method calls on a flat value passes it to its first layers (``self.classifier =
nn.Sequential(nn.Dropout2d(0.5), nn.Linear(dim, n))`` applied to ``x.view(x.size(0), -1)``).
"""

from __future__ import annotations

import ast
import re
from functools import lru_cache
from pathlib import Path
from typing import Callable

from .imports import self_attribute, walk_nodes, walk_tree
from .source import module_text
from .starimports import folder_module_stamp

_LINEAR = frozenset({"torch.nn.Linear", "torch.nn.modules.linear.Linear"})
# element-wise calls: the shape of their first argument
_ELEMENTWISE = frozenset({"torch.nn.functional.relu", "torch.relu", "torch.nn.functional.gelu", "torch.tanh",
                          "torch.sigmoid", "torch.nn.functional.leaky_relu", "torch.nn.functional.elu",
                          "torch.nn.functional.dropout", "torch.nn.functional.silu"})
_ELEMENTWISE_METHODS = frozenset({"relu", "relu_", "tanh", "sigmoid", "contiguous"})
_SEQUENTIAL = frozenset({"torch.nn.Sequential", "torch.nn.modules.container.Sequential"})
_FLATTEN = frozenset({"torch.nn.Flatten", "torch.nn.modules.flatten.Flatten"})
# module classes whose output has their input's shape
_KEEPING_MODULES = frozenset(f"torch.nn.{name}" for name in (
    "ReLU", "LeakyReLU", "ELU", "GELU", "SiLU", "Tanh", "Sigmoid", "Dropout", "BatchNorm1d", "LayerNorm", "Identity",
    "GroupNorm"))
# module classes that make (N, C, L) sequences: a Dropout2d after one warns ("Received a 3D input") whatever else the
# file builds (BENDR's encoder blocks: nn.Conv1d(...), nn.Dropout2d(p), nn.GroupNorm(...), nn.GELU())
_SEQUENCE_MODULES = frozenset(f"torch.nn.{name}" for name in (
    "Conv1d", "ConvTranspose1d", "LazyConv1d", "LazyConvTranspose1d", "MaxPool1d", "AvgPool1d", "AdaptiveAvgPool1d",
    "AdaptiveMaxPool1d"))


def flat_applied_lines(tree: ast.AST, resolve: Callable[[ast.AST], str | None], apis: frozenset[str]) -> set[int]:
    """Lines of ``self.attr = <api>(...)`` constructors (of ``apis``) whose attribute a method of the same class
    calls on a flat value."""
    lines: set[int] = set()
    for node in walk_tree(tree):
        if isinstance(node, ast.Call) and len(node.args) > 1 and resolve(node.func) in _SEQUENTIAL:
            lines.update(_flat_in_sequential(node.args, resolve, apis))
            continue
        if not isinstance(node, ast.ClassDef):
            continue
        made: dict[str, list[int]] = {}  # attribute -> lines of its constructors of apis
        sequentials: dict[str, ast.Call] = {}  # attribute -> its nn.Sequential(...)
        linear: set[str] = set()
        keeping: set[str] = set()
        methods = [item for item in node.body if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))]
        for method in methods:
            for statement in walk_nodes(method):
                if not (isinstance(statement, ast.Assign) and len(statement.targets) == 1
                        and isinstance(statement.value, ast.Call)):
                    continue
                attr = self_attribute(statement.targets[0])
                api = resolve(statement.value.func) if attr is not None else None
                if api in apis:
                    made.setdefault(attr, []).append(statement.value.lineno)
                elif api in _LINEAR:
                    linear.add(attr)
                elif api in _KEEPING_MODULES:
                    keeping.add(attr)
                elif api in _SEQUENTIAL:
                    sequentials[attr] = statement.value
        if made or sequentials:
            for method in methods:
                called = _flat_calls(method, linear, keeping | made.keys(), resolve)
                for attr in called & made.keys():
                    lines.update(made[attr])
                for attr in called & sequentials.keys():  # self.classifier(x.view(n, -1)): its first layers see it
                    lines.update(_flat_in_sequential(sequentials[attr].args, resolve, apis, flat=True))
    return lines


def _flat_in_sequential(layers: list[ast.expr], resolve: Callable, apis: frozenset[str], flat: bool = False) -> set[int]:
    """Lines of the ``apis`` constructors among ``nn.Sequential(...)``'s layers whose input is not a 4-D map: the
    nearest layer before them that changes the shape is an ``nn.Linear`` or an ``nn.Flatten()`` (start_dim 1, to
    (N, C*H*W)), or a 1-D convolution or pooling (N, C, L), or none and the Sequential is applied to a flat value
    (``flat``). Anything else before (a 2-D convolution, a module the file defines, a starred list) may give one."""
    lines: set[int] = set()
    for layer in layers:
        api = resolve(layer.func) if isinstance(layer, ast.Call) else None
        if api in apis:
            if flat:
                lines.add(layer.lineno)
        elif api in _LINEAR or api in _SEQUENCE_MODULES:
            flat = True
        elif api in _FLATTEN:
            flat = not layer.args and not layer.keywords
        elif api not in _KEEPING_MODULES:
            flat = False
    return lines


def _flat_calls(method: ast.AST, linear: set[str], keeping: set[str], resolve: Callable) -> set[str]:
    """The ``self.<attr>`` modules this method calls on a flat value (``keeping``: those that keep the shape)."""
    flat: set[str] = set()  # names whose latest binding so far is flat
    called: set[str] = set()
    assigns = sorted((n for n in walk_nodes(method) if isinstance(n, ast.Assign)), key=lambda n: n.lineno)

    def is_flat(value: ast.expr) -> bool:
        if isinstance(value, ast.Name):
            return value.id in flat
        if not isinstance(value, ast.Call):
            return False
        func = value.func
        attr = self_attribute(func)
        if attr is not None:
            flat_input = len(value.args) == 1 and not value.keywords and is_flat(value.args[0])
            if flat_input:
                called.add(attr)  # self.dropout2(x) on a flat x
            return attr in linear or (flat_input and attr in keeping)
        api = resolve(func)
        if api == "torch.flatten":
            return len(value.args) == 2 and _is_int(value.args[1], 1) and not value.keywords
        if api in _ELEMENTWISE:
            return bool(value.args) and is_flat(value.args[0])
        if isinstance(func, ast.Attribute) and api is None:
            if func.attr == "flatten":
                return len(value.args) == 1 and _is_int(value.args[0], 1) and not value.keywords
            if func.attr in ("view", "reshape"):  # two sizes: (n, -1), (-1, 320)
                return len(value.args) == 2 and not value.keywords and not any(
                    isinstance(arg, (ast.Starred, ast.Tuple, ast.List)) for arg in value.args)
            if func.attr in _ELEMENTWISE_METHODS and not value.args:
                return is_flat(func.value)
        return False

    for assign in assigns:
        result = is_flat(assign.value)
        for target in assign.targets:
            if isinstance(target, ast.Name):
                (flat.add if result else flat.discard)(target.id)
    for node in walk_nodes(method):  # uses outside assignments: return self.drop(x)
        if isinstance(node, (ast.Return, ast.Expr)) and node.value is not None:
            is_flat(node.value)
    return called


def mapped_lines(tree: ast.AST, resolve: Callable[[ast.AST], str | None], apis: frozenset[str]) -> set[int]:
    """Lines of ``apis`` modules that only ever see a value made 4-D for them: the "spatial dropout" of text models,
    ``self.drop = nn.Dropout2d(p)`` applied only as ``self.drop(x.transpose(1, 2).unsqueeze(2))`` (or to a name last
    bound to an ``unsqueeze``), and a subclass (``class SpatialDropout(nn.Dropout2d)``, reported at its base) whose
    ``forward`` hands ``super().forward`` such a value; ``permute``/``transpose``/``contiguous`` keep it."""
    lines: set[int] = set()
    for node in walk_tree(tree):
        if not isinstance(node, ast.ClassDef):
            continue
        methods = [item for item in node.body if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))]
        if any(resolve(base) in apis for base in node.bases):
            forward = next((method for method in methods if method.name == "forward"), None)
            calls = [call for call in walk_nodes(forward) if isinstance(call, ast.Call) and _super_forward(call)] \
                if forward is not None else []
            if calls and all(_unsqueezed(call.args[0] if call.args else None, forward) for call in calls):
                lines.update(base.lineno for base in node.bases if resolve(base) in apis)
            continue
        made: dict[str, list[int]] = {}
        for method in methods:
            for statement in walk_nodes(method):
                if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(
                        statement.value, ast.Call) and (attr := self_attribute(statement.targets[0])) is not None \
                        and resolve(statement.value.func) in apis:
                    made.setdefault(attr, []).append(statement.value.lineno)
        for attr, constructed in made.items():
            uses = [(call, method) for method in methods for call in walk_nodes(method)
                    if isinstance(call, ast.Call) and self_attribute(call.func) == attr]
            if uses and all(len(call.args) == 1 and _unsqueezed(call.args[0], method) for call, method in uses):
                lines.update(constructed)
    return lines


def _super_forward(call: ast.Call) -> bool:
    """``super().forward(x)``, ``super(Cls, self).forward(x)``."""
    func = call.func
    return isinstance(func, ast.Attribute) and func.attr == "forward" and isinstance(func.value, ast.Call) and \
        isinstance(func.value.func, ast.Name) and func.value.func.id == "super"


def _unsqueezed(value: ast.expr | None, method: ast.AST, depth: int = 0) -> bool:
    """A value made by ``unsqueeze`` (then only permuted), or a name every earlier binding of which in ``method``
    (the latest one decides, by line) is one."""
    while isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and \
            value.func.attr in ("permute", "transpose", "contiguous"):
        value = value.func.value
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr == "unsqueeze":
        return True
    if isinstance(value, ast.Name) and depth < 4:
        bound = sorted((statement for statement in walk_nodes(method) if isinstance(statement, ast.Assign)
                        and any(isinstance(t, ast.Name) and t.id == value.id for t in statement.targets)
                        and statement.lineno < value.lineno), key=lambda statement: statement.lineno)
        return bool(bound) and _unsqueezed(bound[-1].value, method, depth + 1)
    return False


def _is_int(node: ast.expr, value: int) -> bool:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return isinstance(node.operand, ast.Constant) and type(node.operand.value) is int and -node.operand.value == value
    return isinstance(node, ast.Constant) and type(node.value) is int and node.value == value


# a project helper named for a 2-D convolution (fastai's conv_layer, `_conv(ni, nf, ks=4, stride=2)`, conv3x3,
# ConvBNReLU): not convert..., not a 1-D or 3-D one (text: re compiles it when first asked)
_CONV_HELPER = r"(?i)_*conv(?!er)(?!.*[13]d)"


def calls_conv_helper(tree: ast.AST, resolve: Callable[[ast.AST], str | None]) -> bool:
    """The file builds layers through a helper of its project named for a 2-D convolution: 4-D maps, as an
    ``nn.Conv2d`` of its own would say (a star import may bring ``nn`` without the convolutions)."""
    for node in walk_tree(tree):
        # a plain name: `self.conv1(x)` calls whatever module the attribute holds (an LSTM, a Conv1d)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and re.match(_CONV_HELPER, node.func.id) \
                and resolve(node.func) is None:
            return True
    return False


_CONV_LAYERS = re.compile(r"\bnn\.(?:Conv2d|ConvTranspose2d|BatchNorm2d)\(|\bConv2d\(")


def imports_conv_module(tree: ast.AST, filename: str) -> bool:
    """The file imports from a module of its project that builds 2-D convolutions (``from .layers import *`` with
    layers.py's ``BasicConv`` holding an ``nn.Conv2d``): its blocks make the 4-D maps a Dropout2d then takes, as
    convolutions of its own would say (MIMO-UNet)."""
    folder = str(Path(filename).parent)
    return any(isinstance(node, ast.ImportFrom) and (node.level or node.module) and (
        stamp := folder_module_stamp(folder, node.level, node.module)) is not None and _builds_convolutions(*stamp)
        for node in getattr(tree, "body", ()))


@lru_cache(maxsize=256)
def _builds_convolutions(path: str, size: int, mtime: int) -> bool:
    return _CONV_LAYERS.search(module_text(Path(path))) is not None
