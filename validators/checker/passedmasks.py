"""uint8 masks one module makes and passes to another module's function, which uses its parameter as a mask.

``seq_mask = torch.ByteTensor(seq_mask)`` in ``train_and_evaluate.py``, then ``decoder(input, hidden, outputs,
seq_mask)`` where ``decoder = AttnDecoderRNN(...)``; ``models.py``'s ``AttnDecoderRNN.forward(self, ..., seq_mask)``
hands it to ``self.attn(hidden, outputs, seq_mask)``, and ``Attn.forward`` calls ``masked_fill_(seq_mask, -1e12)``:
a RuntimeError on 2.15 ("masked_fill_ only supports boolean masks"), which neither file shows alone (uint8masks.py
follows a mask inside one file). Each file leaves what it knows (:class:`PassedMasks`) and the sub-project joins them
(:func:`passed_mask_findings`):

- its functions and classes: each function's parameters, and the class each ``self.attr`` is built from
  (``self.attention = SoftDotAttention(...)``, moved with ``.cuda()``/``.to()`` or wrapped in ``DataParallel``, the
  same in every binding);
- its calls of project callables with an argument that is provably uint8 where it is passed (uint8masks.py's search:
  the file must make uint8 tensors) or that is a parameter of the calling function (followed only with ``.data``,
  an item, or a method keeping the dtype: ``mask.unsqueeze(1)``, ``mask[idx]``). A callable is a function called by
  its name, an instance (a name the calling function binds only to ``Class(...)``, or a ``self`` attribute as above)
  whose class defines ``forward`` (or ``__call__``), a method of the calling class (``self.step(...)``), or a method
  of such an instance (``self.crf.neg_log_likelihood(feats, mask)``, ``crf = CRF(...); crf.decode(feats, mask)``);
- its mask uses whose mask is one of the function's parameters the same way (``masked_fill(_)``,
  ``masked_scatter(_)``, ``masked_select``, ``torch.where``), each with its finding made ready.

The join marks the parameters a uint8 value reaches, following parameters passed on, and reports the uses of marked
parameters that the file's own pass did not. A callable's definition is looked up by its name (and class) in the
sub-project, the nearest by folder when several modules define it (a repository holding two copies of one project);
two at the same distance leave it undecided. Calls through ``*args``/``**kwargs`` map nothing after them.
"""

from __future__ import annotations

import ast
import builtins
import os
from pathlib import Path
from dataclasses import replace
from typing import Callable, NamedTuple

from .finding import Finding
from .imports import code_scopes, own_nodes, own_statements
from .source import Unreadable, read_source

_MASK_APIS = frozenset({"torch.Tensor.masked_fill", "torch.Tensor.masked_fill_", "torch.Tensor.masked_scatter",
                        "torch.Tensor.masked_scatter_", "torch.Tensor.masked_select", "torch.where",
                        "torch.Tensor.where"})
# methods returning the same object or a tensor of its dtype, for a parameter read on its way to a use or a call
_KEEPS = frozenset({"unsqueeze", "squeeze", "view", "expand", "expand_as", "contiguous", "cuda", "to", "detach",
                    "clone", "transpose", "permute", "repeat", "reshape", "flatten", "t", "narrow", "index_select"})
_WRAPPERS = frozenset({"DataParallel", "DistributedDataParallel"})
_BUILTINS = frozenset(dir(builtins))


class Signature(NamedTuple):
    """A function's parameters: those a call fills by position (without self), and every name it accepts."""

    positional: tuple[str, ...]
    names: frozenset[str]


class PassedCall(NamedTuple):
    caller: tuple[str, str]  # (class or "", function) making the call; ("", "") at module level
    # ("function", "", name) | ("instance", Class, "") | ("method", Class, name) | ("bound", Class, name) |
    # ("member", Class, "attribute.method") | ("handed", "", parameter)
    callee: tuple[str, str, str]
    line: int
    passed: tuple[tuple[int | str, str, str], ...]  # (position or keyword, "uint8" | "parameter", line | parameter)


class MaskUse(NamedTuple):
    function: tuple[str, str]  # (class or "", function)
    parameter: str
    finding: Finding


class PassedMasks(NamedTuple):
    """What one file tells the join (module docstring)."""

    file: str
    functions: dict[tuple[str, str], Signature]
    attributes: dict[tuple[str, str], str]  # (class, attribute) -> the class it is built from
    calls: list[PassedCall]
    uses: list[MaskUse]


def file_masks(filename: str, calls, uint8_argument: Callable[[ast.expr, int, int | None], bool] | None,
               make_finding: Callable[[ast.AST, str], Finding | None]) -> PassedMasks | None:
    """The file's part (module docstring). ``calls``: uint8masks' walk of the file (its functions, calls and mask
    uses); ``uint8_argument``: whether an argument is provably uint8 where it is passed (None: the file makes none);
    ``make_finding``: the finding of a use with an api, or None when no rule reports it."""
    functions: dict[tuple[str, str], Signature] = {}
    by_scope: dict[int, tuple[tuple[str, str], ast.AST]] = {}
    for scope, function in calls.functions.items():
        node = function.node
        key = (function.owner or "", node.name)
        arguments = node.args
        names = {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)} - {"self", "cls"}
        functions[key] = Signature(tuple(function.positional), frozenset(names))
        by_scope[scope] = (key, node)
    uses = []
    for use, mask, api, scope, _ in calls.uses:
        if api not in _MASK_APIS or scope not in by_scope:
            continue
        key, node = by_scope[scope]
        parameter = _parameter_read(mask, functions[key], node)
        if parameter is not None and (finding := make_finding(use, api)) is not None:
            uses.append(MaskUse(key, parameter, finding))
    attributes = _class_attributes(calls)
    passed_calls = []
    for name, sites in calls.by_name.items():
        for call, scope, owner, statement in sites:
            caller, function = by_scope.get(scope, (("", ""), None))
            callee = _callee(call, owner, function)
            if callee is None or callee[0] == "function" and name in _BUILTINS:
                continue
            passed = []
            for slot, value in _arguments(call):
                if function is not None and (parameter := _parameter_read(value, functions[caller], function)) is not None:
                    passed.append((slot, "parameter", parameter))
                elif uint8_argument is not None and not isinstance(value, ast.Constant) \
                        and uint8_argument(value, scope, statement):
                    passed.append((slot, "uint8", str(value.lineno)))
            if passed:
                passed_calls.append(PassedCall(caller, callee, call.lineno, tuple(passed)))
    if not uses and not passed_calls:
        return None
    return PassedMasks(filename, functions, attributes, passed_calls, uses)


def _arguments(call: ast.Call):
    """(position or keyword, value) of what a call passes; nothing by position after a ``*args``."""
    for position, value in enumerate(call.args):
        if isinstance(value, ast.Starred):
            break
        yield position, value
    for keyword in call.keywords:
        if keyword.arg is not None:
            yield keyword.arg, keyword.value


def _kept(value: ast.expr) -> ast.expr:
    """The value under ``.data``, items and dtype-keeping methods (``mask[idx].unsqueeze(1)`` -> ``mask``)."""
    while True:
        if isinstance(value, ast.Subscript):
            value = value.value
        elif isinstance(value, ast.Attribute) and value.attr == "data":
            value = value.value
        elif isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr in _KEEPS:
            value = value.func.value
        else:
            return value


def _parameter_read(value: ast.expr, signature: Signature, function: ast.AST) -> str | None:
    """The parameter ``value`` reads (module docstring): one every binding of which in ``function`` keeps it
    (``mask = mask.unsqueeze(1)``), or a local name that every binding makes from one parameter or from itself."""
    value = _kept(value)
    if not isinstance(value, ast.Name):
        return None
    name = value.id
    bound = _bindings(function)
    values = bound.get(name, ())
    sources = set()
    for item in values:
        source = _kept(item) if item is not None else None
        if not isinstance(source, ast.Name):
            return None
        if source.id != name:
            sources.add(source.id)
    if name in signature.names:
        return name if not sources else None
    return sources.pop() if len(sources) == 1 and next(iter(sources)) in signature.names else None


_BINDINGS: dict[int, tuple[ast.AST, dict[str, list[ast.expr | None]]]] = {}


def _bindings(scope: ast.AST) -> dict[str, list[ast.expr | None]]:
    """Name -> the values the scope's own plain assignments bind to it (None: a tuple target, a loop, ``+=``,
    ``with``); the last few scopes asked are kept."""
    held = _BINDINGS.get(id(scope))
    if held is not None and held[0] is scope:
        return held[1]
    found: dict[str, list[ast.expr | None]] = {}
    for statement in own_statements(scope):
        if isinstance(statement, ast.Assign):
            for target in statement.targets:
                if isinstance(target, ast.Name):
                    found.setdefault(target.id, []).append(statement.value)
                else:
                    for part in ast.walk(target):
                        if isinstance(part, ast.Name):
                            found.setdefault(part.id, []).append(None)
        elif isinstance(statement, (ast.AugAssign, ast.AnnAssign, ast.For, ast.AsyncFor)):
            for part in ast.walk(statement.target):
                if isinstance(part, ast.Name):
                    found.setdefault(part.id, []).append(None)
        elif isinstance(statement, (ast.With, ast.AsyncWith)):
            for item in statement.items:
                for part in ast.walk(item.optional_vars) if item.optional_vars is not None else ():
                    if isinstance(part, ast.Name):
                        found.setdefault(part.id, []).append(None)
    _BINDINGS[id(scope)] = (scope, found)
    if len(_BINDINGS) > 64:
        del _BINDINGS[next(iter(_BINDINGS))]
    return found


def _built_class(value: ast.expr) -> str | None:
    """``Attn(...)``, ``model.Attn(...).cuda()``, ``nn.DataParallel(Attn(...))`` -> ``Attn``."""
    while isinstance(value, ast.Call):
        func = value.func
        if isinstance(func, ast.Attribute) and func.attr in ("cuda", "to"):
            value = func.value
            continue
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
        if value.args and (name in _WRAPPERS or name and name[:1].islower() and len(value.args) == 1
                           and not value.keywords and isinstance(value.args[0], ast.Call)):
            value = value.args[0]  # nn.DataParallel(Net()), try_cuda(Net(...)): the same module's forward
            continue
        return name if name and name[:1].isupper() else None
    return None


def _class_attributes(calls) -> dict[tuple[str, str], str]:
    """(class, attribute) -> the class every ``self.attribute = ...`` of the class's methods builds, or
    ``"(" + parameter`` when every one stores that parameter of ``__init__`` (``self.decoder = decoder``: the class's
    callers say what it is)."""
    built: dict[tuple[str, str], set[str | None]] = {}
    for function in calls.functions.values():
        if function.owner is None:
            continue
        node = function.node
        parameters = {a.arg for a in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs)} \
            if node.name == "__init__" else set()
        for statement in own_statements(node):
            if isinstance(statement, ast.Assign):
                for target in statement.targets:
                    if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) \
                            and target.value.id == "self":
                        value = statement.value
                        stored = "(" + value.id if isinstance(value, ast.Name) and value.id in parameters \
                            else _built_class(value)
                        built.setdefault((function.owner, target.attr), set()).add(stored)
    return {key: next(iter(classes)) for key, classes in built.items() if len(classes) == 1 and None not in classes}


def _callee(call: ast.Call, owner: str | None, function: ast.AST | None) -> tuple[str, str, str] | None:
    func = call.func
    if isinstance(func, ast.Name):
        if function is not None:
            bound = _local_class(function, func.id)
            if bound is not None:
                return ("instance", bound, "")
            arguments = function.args
            if func.id in {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)}:
                return ("handed", "", func.id)  # a callable handed in: what it is, its callers know
        return ("function", "", func.id)
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self" and owner:
        return ("method", owner, func.attr)  # an attribute built from a class, or a method of the class
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Attribute) and owner \
            and isinstance(func.value.value, ast.Name) and func.value.value.id == "self":
        return ("member", owner, f"{func.value.attr}.{func.attr}")  # self.crf.loss(...): a method of what crf holds
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and function is not None \
            and (bound := _local_class(function, func.value.id)) is not None:
        return ("bound", bound, func.attr)  # crf = CRF(...); crf.loss(...)
    return None


def _local_class(scope: ast.AST, name: str) -> str | None:
    """The class ``name`` is built from when every binding of it in ``scope`` builds one class."""
    classes = {_built_class(value) if value is not None else None for value in _bindings(scope).get(name, ())}
    return next(iter(classes)) if len(classes) == 1 and None not in classes else None


def passed_mask_findings(parts: list[PassedMasks], modules: Callable[[], list[str]] = list) -> dict[str, list[Finding]]:
    """file -> the findings of mask uses that a uint8 value of another module reaches (module docstring).
    ``modules``: the sub-project's files, read when a callable handed in is asked of its callers."""
    if not any(part.uses for part in parts) or not any(
            source == "uint8" for part in parts for call in part.calls for _, source, _ in call.passed):
        return {}
    defined: dict[tuple[str, str], list[PassedMasks]] = {}
    for part in parts:
        for key in part.functions:
            defined.setdefault(key, []).append(part)
    marked: dict[tuple[str, str, str, str], str] = {}  # (file, class, function, parameter) -> where the uint8 is made
    pending: list[tuple[str, tuple[str, str], str]] = []  # (file, function, parameter) newly marked
    by_caller: dict[tuple[str, tuple[str, str]], list[PassedCall]] = {}
    for part in parts:
        for call in part.calls:
            by_caller.setdefault((part.file, call.caller), []).append(call)

    handed = _HandedClasses(modules)

    def reach(part: PassedMasks, call: PassedCall, slot: int | str, origin: str) -> None:
        callee = call.callee
        if callee[0] == "handed":
            callee = handed.instance(part, call.caller, callee[2])
        elif callee[0] == "method" and (built := part.attributes.get(callee[1:])) is not None and built[0] == "(":
            callee = handed.instance(part, (callee[1], "__init__"), built[1:])
        elif callee[0] == "member":
            attribute, method = callee[2].split(".")
            built = part.attributes.get((callee[1], attribute))
            if built is not None and built[0] == "(":
                built = (handed.instance(part, (callee[1], "__init__"), built[1:]) or (None, None))[1]
            callee = ("bound", built, method) if built else None
        target = _resolved(part, callee, defined) if callee is not None else None
        if target is None:
            return
        file, key, signature = target
        parameter = slot if isinstance(slot, str) else (
            signature.positional[slot] if slot < len(signature.positional) else None)
        if parameter is None or parameter not in signature.names or (file, *key, parameter) in marked:
            return
        marked[(file, *key, parameter)] = origin
        pending.append((file, key, parameter))

    files = {part.file: part for part in parts}
    for part in parts:
        for call in part.calls:
            for slot, source, where in call.passed:
                if source == "uint8":
                    reach(part, call, slot, f"{os.path.basename(part.file)}:{where}")
    while pending:
        file, key, parameter = pending.pop()
        origin = marked[(file, *key, parameter)]
        for call in by_caller.get((file, key), ()):
            for slot, source, where in call.passed:
                if source == "parameter" and where == parameter:
                    reach(files[file], call, slot, origin)
    found: dict[str, list[Finding]] = {}
    for part in parts:
        for use in part.uses:
            origin = marked.get((part.file, *use.function, use.parameter))
            if origin is not None:
                finding = use.finding
                message = f"{finding.message}; here the mask is uint8: {origin} passes one"
                found.setdefault(part.file, []).append(replace(finding, message=message))
    return found


def _resolved(part: PassedMasks, callee: tuple[str, str, str], defined) -> tuple[str, tuple[str, str], Signature] | None:
    """The definition a call reaches: (its file, its (class, function), its signature), or None."""
    kind, owner, name = callee
    if kind == "method":
        built = part.attributes.get((owner, name))
        if built is not None:
            keys = [(built, "forward"), (built, "__call__")]
        else:
            keys = [(owner, name)]
    elif kind == "instance":
        keys = [(owner, "forward"), (owner, "__call__")]
    elif kind == "bound":
        keys = [(owner, name)]
    else:
        keys = [("", name)]
    for key in keys:
        candidates = defined.get(key)
        if candidates:
            nearest = _nearest(part.file, candidates)
            return None if nearest is None else (nearest.file, key, nearest.functions[key])
    return None


def _nearest(file: str, candidates: list[PassedMasks]) -> PassedMasks | None:
    """The candidate nearest ``file`` by folder; None when two are equally near."""
    if len(candidates) == 1:
        return candidates[0]
    here = os.path.dirname(os.path.abspath(file)).split(os.sep)

    def distance(part: PassedMasks) -> int:
        there = os.path.dirname(os.path.abspath(part.file)).split(os.sep)
        common = 0
        for a, b in zip(here, there):
            if a != b:
                break
            common += 1
        return len(here) + len(there) - 2 * common

    ranked = sorted(candidates, key=distance)
    return ranked[0] if distance(ranked[0]) < distance(ranked[1]) else None


class _HandedClasses:
    """The class of a callable a function is handed (``def train_tree(..., predict, ...)`` then ``predict(...)``;
    ``self.decoder = decoder`` in ``__init__``): what its callers in the sub-project pass at that parameter, built
    inline or bound to ``Class(...)`` in the calling scope. The callers' files are read only when asked."""

    def __init__(self, modules: Callable[[], list[str]]) -> None:
        self.modules = modules
        self.files: list[tuple[str, str]] | None = None
        self.trees: dict[str, ast.AST | None] = {}
        self.answers: dict[tuple, tuple[str, str, str] | None] = {}

    def instance(self, part: PassedMasks, function: tuple[str, str], parameter: str) -> tuple[str, str, str] | None:
        key = (part.file, function, parameter)
        if key not in self.answers:
            self.answers[key] = None
            found = self._classes(part, function, parameter)
            if len(found) == 1:
                self.answers[key] = ("instance", found.pop(), "")
        return self.answers[key]

    def _classes(self, part: PassedMasks, function: tuple[str, str], parameter: str) -> set[str]:
        owner, name = function
        signature = part.functions.get(function)
        if signature is None:
            return set()
        called = owner if name == "__init__" else name if not owner else None
        if not called:
            return set()
        position = signature.positional.index(parameter) if parameter in signature.positional else None
        found: set[str] = set()
        for path, text in self._sources():
            if called + "(" not in text:
                continue
            tree = self._tree(path, text)
            for scope in code_scopes(tree) if tree is not None else ():
                for node in own_nodes(scope):
                    if not isinstance(node, ast.Call) or _last_name(node.func) != called:
                        continue
                    value = next((keyword.value for keyword in node.keywords if keyword.arg == parameter), None)
                    if value is None and position is not None and position < len(node.args) and not any(
                            isinstance(arg, ast.Starred) for arg in node.args[:position + 1]):
                        value = node.args[position]
                    built = _built_class(value) if isinstance(value, ast.Call) else _local_class(scope, value.id) \
                        if isinstance(value, ast.Name) else None
                    if built is not None:
                        found.add(built)
        return found

    def _sources(self) -> list[tuple[str, str]]:
        if self.files is None:
            self.files = []
            for path in self.modules():
                try:
                    self.files.append((path, read_source(Path(path))))
                except Unreadable:
                    continue
        return self.files

    def _tree(self, path: str, text: str) -> ast.AST | None:
        if path not in self.trees:
            try:
                self.trees[path] = ast.parse(text)
            except (SyntaxError, ValueError):
                self.trees[path] = None
        return self.trees[path]


def _last_name(func: ast.expr) -> str | None:
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
