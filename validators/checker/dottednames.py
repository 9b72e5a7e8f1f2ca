"""A submodule, buffer or parameter registered under a name with a dot: a KeyError since 0.4.

Up to 0.3 ``self.add_module('norm.1', bn)`` was accepted; since 0.4 (pytorch/pytorch#6941: a dotted name cannot be
told apart from a path into a submodule in a state dict) ``add_module``/``register_module`` raise ``KeyError: 'module
name can't contain ".", got: norm.1'``, and ``register_buffer``/``register_parameter`` the same for buffers and
parameters. ``nn.Sequential(OrderedDict(...))``, ``nn.ModuleDict``/``nn.ParameterDict`` with dotted keys register
through the same methods. A name is known to hold a dot when its literal text does, outside any placeholder:
``'norm.1'``, ``'%s.relu' % name``, ``'{}.conv'.format(i)``, ``f'{name}.bn'``, ``name + '.conv'``. A placeholder
with a precision (``'%.2f'``) is no dot of the name's own.
"""

from __future__ import annotations

import ast
import re
from typing import Callable, Iterator

from .imports import walk_tree

_METHODS = {"add_module": "torch.nn.Module.add_module", "register_module": "torch.nn.Module.add_module",
            "register_buffer": "torch.nn.Module.register_buffer",
            "register_parameter": "torch.nn.Module.register_parameter"}
_CONTAINERS = {"torch.nn.Sequential": "torch.nn.Module.add_module", "torch.nn.ModuleDict": "torch.nn.Module.add_module",
               "torch.nn.ParameterDict": "torch.nn.Module.register_parameter"}
_PERCENT_SPEC = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[a-zA-Z%]")
_BRACE_FIELD = re.compile(r"\{[^{}]*\}")
# the text a file must hold for a dotted registration: a quoted name with a dot soon after a registering method,
# or a container built from written-out keys
_METHOD_TEXT = re.compile(r"(?:add_module|register_module|register_buffer|register_parameter)\(\s*[^,)]{0,40}['\"][^'\"\n,]*\.")
_CONTAINER_TEXT = re.compile(r"(?:OrderedDict|ModuleDict|ParameterDict)\(")


def dotted_registrations(tree: ast.AST, resolve: Callable[[ast.AST], str | None],
                         text: str | None = None) -> Iterator[tuple[ast.Call, str]]:
    """Each registration call (and the api it goes through) whose name certainly holds a dot (module docstring)."""
    if text is not None and ("torch" not in text or (
            _METHOD_TEXT.search(text) is None and _CONTAINER_TEXT.search(text) is None)):
        return
    for node in walk_tree(tree):
        if node.__class__ is not ast.Call:
            continue
        func = node.func
        if func.__class__ is ast.Attribute and func.attr in _METHODS:
            name = node.args[0] if node.args else next((kw.value for kw in node.keywords if kw.arg == "name"), None)
            if name is not None and _holds_dot(name) and (len(node.args) >= 2 or len(node.keywords) >= 1):
                yield node, _METHODS[func.attr]
        elif (api := _container(resolve(func))) is not None and any(_holds_dot(key) for key in _literal_keys(node)):
            yield node, api


def _container(api: str | None) -> str | None:
    if api is None:
        return None
    return _CONTAINERS.get(api) or _CONTAINERS.get(api.replace(".modules.container", ""))


def _literal_keys(call: ast.Call) -> list[ast.expr]:
    """The keys written out in ``Sequential(OrderedDict([(k, m), ...]))`` or ``ModuleDict({k: m})``."""
    if len(call.args) != 1:
        return []
    given = call.args[0]
    if given.__class__ is ast.Dict:
        return [key for key in given.keys if key is not None]
    if given.__class__ is ast.Call and given.args and given.func.__class__ in (ast.Name, ast.Attribute) and (
            getattr(given.func, "id", None) or given.func.attr) in ("OrderedDict", "dict"):
        pairs = given.args[0]
        if pairs.__class__ in (ast.List, ast.Tuple):
            return [item.elts[0] for item in pairs.elts if item.__class__ is ast.Tuple and len(item.elts) == 2]
        if pairs.__class__ is ast.Dict:
            return [key for key in pairs.keys if key is not None]
    return []


def _holds_dot(name: ast.expr) -> bool:
    """Whether the string this expression makes certainly has a dot in its literal part."""
    kind = name.__class__
    if kind is ast.Constant:
        return isinstance(name.value, str) and "." in name.value
    if kind is ast.JoinedStr:
        return any(part.__class__ is ast.Constant and "." in part.value for part in name.values)
    if kind is ast.BinOp and isinstance(name.op, ast.Mod) and name.left.__class__ is ast.Constant and \
            isinstance(name.left.value, str):
        return "." in _PERCENT_SPEC.sub("", name.left.value)
    if kind is ast.BinOp and isinstance(name.op, ast.Add):
        return _holds_dot(name.left) or _holds_dot(name.right)
    if kind is ast.Call and name.func.__class__ is ast.Attribute and name.func.attr == "format" and \
            name.func.value.__class__ is ast.Constant and isinstance(name.func.value.value, str):
        return "." in _BRACE_FIELD.sub("", name.func.value.value)
    return False
