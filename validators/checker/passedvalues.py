"""Values one module makes and passes to another module's function, which uses its parameter where torch refuses
them: uint8 masks, and sequence lengths on the GPU.

``seq_mask = torch.ByteTensor(seq_mask)`` in ``train_and_evaluate.py``, then ``decoder(input, hidden, outputs,
seq_mask)`` where ``decoder = AttnDecoderRNN(...)``; ``models.py``'s ``AttnDecoderRNN.forward(self, ..., seq_mask)``
hands it to ``self.attn(hidden, outputs, seq_mask)``, and ``Attn.forward`` calls ``masked_fill_(seq_mask, -1e12)``:
a RuntimeError on 2.15 ("masked_fill_ only supports boolean masks"), which neither file shows alone (uint8masks.py
follows a mask inside one file). Likewise ``sen_len = sen_len.to(DEVICE)`` before ``self.word_gru(x, sen_len)``,
whose ``forward`` packs with ``pack_padded_sequence(x, lengths)``: lengths on the GPU raise since 1.7
(cudalengths.py reads one function). Each file leaves what it knows (:class:`PassedValues`) and the sub-project
joins them (passedjoin.py):

- its functions and classes: each function's parameters, and the class each ``self.attr`` is built from
  (``self.attention = SoftDotAttention(...)``, moved with ``.cuda()``/``.to()`` or wrapped in ``DataParallel``, the
  same in every binding);
- its calls of project callables with an argument of a kind (a seed: provably uint8 where it is passed, by
  uint8masks.py's search, in a file that makes uint8 tensors; on the GPU, every binding of the name moving it there,
  in a sub-project that packs sequences) or that is a parameter of the calling function, read through items,
  ``.data`` and methods keeping both dtype and device (``mask.unsqueeze(1)``, ``lengths[idx]``), and those keeping
  what the kind needs (``.cuda()`` and ``.to(device)`` for both; ``.long()``, ``.int()`` for lengths). A callable is a
  function called by its name, an instance (a name the calling function binds only to ``Class(...)``, or a ``self``
  attribute as above) whose class defines ``forward`` (or ``__call__``), a method of the calling class
  (``self.step(...)``), or a method of such an instance (``self.crf.neg_log_likelihood(feats, mask)``, ``crf =
  CRF(...); crf.decode(feats, mask)``);
- its uses whose value is one of the function's parameters the same way, each with its finding made ready: mask
  uses (``masked_fill(_)``, ``masked_scatter(_)``, ``masked_select``, ``torch.where``), and the lengths of
  ``pack_padded_sequence`` (also the sorted values of a parameter: ``lengths, idx = lengths.sort(0, True)``).

Calls through ``*args``/``**kwargs`` map nothing after them.
"""

from __future__ import annotations

import ast
import builtins
from typing import Callable, NamedTuple

from .cudalengths import module_methods_of, note_binding, on_device
from .finding import Finding
from .imports import dotted_name, names_device, own_nodes, own_statements

_MASK_APIS = frozenset({"torch.Tensor.masked_fill", "torch.Tensor.masked_fill_", "torch.Tensor.masked_scatter",
                        "torch.Tensor.masked_scatter_", "torch.Tensor.masked_select", "torch.where",
                        "torch.Tensor.where"})
_PACK = "torch.nn.utils.rnn.pack_padded_sequence"
# methods returning a tensor of the same dtype and device (or the same object), read on a value's way to a use or a call
_KEEPS = frozenset({"unsqueeze", "squeeze", "view", "expand", "expand_as", "contiguous", "detach", "clone",
                    "transpose", "permute", "repeat", "reshape", "flatten", "t", "narrow", "index_select"})
# what else each kind survives: a move to the GPU keeps a mask uint8; a cast keeps lengths on their device
KIND_KEEPS = {"uint8": frozenset({"cuda", "to device"}),
               "cuda": frozenset({"cuda", "to device", "long", "int", "float", "double", "type"})}
_WRAPPERS = frozenset({"DataParallel", "DistributedDataParallel"})
_BUILTINS = frozenset(dir(builtins))


class Signature(NamedTuple):
    """A function's parameters: those a call fills by position (without self), and every name it accepts."""

    positional: tuple[str, ...]
    names: frozenset[str]


class PassedCall(NamedTuple):
    caller: tuple[str, str]  # (class or "", function) making the call; ("", "") at module level
    # ("function", "", name) | ("instance", Class, "") | ("method", Class, name) | ("bound", Class, name) |
    # ("member", Class, "attribute.method") | ("handed", "", parameter) | ("handed member", "", "parameter.method")
    callee: tuple[str, str, str]
    line: int
    # (position or keyword, a kind ("uint8", "cuda") or "parameter", the value's span (_span) or (parameter, methods
    # read through))
    passed: tuple[tuple[int | str, str, object], ...]


class ParameterUse(NamedTuple):
    kind: str
    function: tuple[str, str]  # (class or "", function)
    parameter: str
    finding: Finding
    # the file's own pass reports this use at its uint8 maker (reached by keyword): a value of another module that
    # reaches it is reported where that module passes it, as a maker is
    at_seed: bool = False


class PassedValues(NamedTuple):
    """What one file tells the join (module docstring)."""

    file: str
    functions: dict[tuple[str, str], Signature]
    attributes: dict[tuple[str, str], str]  # (class, attribute) -> the class it is built from
    calls: list[PassedCall]
    uses: list[ParameterUse]


class FileFunctions(NamedTuple):
    """A file's functions by scope: their keys, nodes and signatures (from uint8masks' walk of the file)."""

    signatures: dict[tuple[str, str], Signature]
    by_scope: dict[int, tuple[tuple[str, str], ast.AST]]


def file_functions(calls) -> FileFunctions:
    signatures: dict[tuple[str, str], Signature] = {}
    by_scope: dict[int, tuple[tuple[str, str], ast.AST]] = {}
    for scope, function in calls.functions.items():
        node = function.node
        key = (function.owner or "", node.name)
        arguments = node.args
        names = {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)} - {"self", "cls"}
        signatures[key] = Signature(tuple(function.positional), frozenset(names))
        by_scope[scope] = (key, node)
    return FileFunctions(signatures, by_scope)


def mask_uses(calls, functions: FileFunctions, make_finding: Callable[[ast.AST, str], Finding | None],
              covered: set[int] = frozenset()) -> list[ParameterUse]:
    """The file's mask uses whose mask is a parameter of their function (module docstring); those the file's own
    pass reported at their uint8 maker (``covered``: ids of the use nodes) are marked to be reported at the seed."""
    found = []
    for use, mask, api, scope, _ in calls.uses:
        if api not in _MASK_APIS or scope not in functions.by_scope:
            continue
        key, node = functions.by_scope[scope]
        read = _parameter_read(mask, functions.signatures[key], node)
        if read is not None and read[1] <= KIND_KEEPS["uint8"] and (finding := make_finding(use, api)) is not None:
            found.append(ParameterUse("uint8", key, read[0], finding, id(use) in covered))
    return found


def length_uses(functions: FileFunctions, resolve: Callable[[ast.AST], str | None],
                make_finding: Callable[[ast.AST, str], Finding | None]) -> list[ParameterUse]:
    """The file's ``pack_padded_sequence`` calls whose lengths are a parameter of their function, or its sorted
    values (module docstring)."""
    found = []
    for key, node in functions.by_scope.values():
        for call in own_nodes(node):
            if not (isinstance(call, ast.Call) and resolve(call.func) == _PACK):
                continue
            lengths = call.args[1] if len(call.args) > 1 else next(
                (keyword.value for keyword in call.keywords if keyword.arg == "lengths"), None)
            read = _parameter_read(lengths, functions.signatures[key], node) if lengths is not None else None
            if read is not None and read[1] <= KIND_KEEPS["cuda"] and (finding := make_finding(call, _PACK)):
                found.append(ParameterUse("cuda", key, read[0], finding))
    return found


def device_arguments(calls, tree: ast.AST, resolve: Callable[[ast.AST], str | None]
                     ) -> Callable[[ast.expr, int, int | None], bool]:
    """Whether a value a call passes is on the GPU: moved there inline (``lengths.to(device)``, ``.cuda()``), or a
    name whose last binding before the call, in source order, moves it there (``sen_len = sen_len.to(DEVICE)``), or
    an item or a cast of one (cudalengths.on_device); in a method of an ``nn.Module`` subclass, also a count along a
    dimension of a mask of its input (``context_len = torch.sum(context != 0, dim=-1)``), made where the module
    runs."""
    before: dict[int, dict[int, frozenset[str]]] = {}  # scope -> statement -> the names on the GPU before it
    module_methods = module_methods_of(tree, resolve)

    def moved(scope: int, statement: int | None) -> frozenset[str]:
        if scope not in before:
            node = calls.functions[scope].node if scope in calls.functions else tree
            before[scope] = {}
            names: set[str] = set()
            for inner in own_statements(node):
                before[scope][id(inner)] = frozenset(names)
                note_binding(inner, names, scope in module_methods)
        return before[scope].get(statement, frozenset())

    return lambda value, scope, statement: on_device(value, moved(scope, statement), scope in module_methods)


def file_values(filename: str, calls, functions: FileFunctions, seeds: dict[str, Callable],
                uses: list[ParameterUse], keep_empty: bool = False, tree: ast.AST | None = None
                ) -> PassedValues | None:
    """The file's part (module docstring). ``calls``: uint8masks' walk of the file (its functions and calls);
    ``seeds``: kind -> whether an argument is of that kind where it is passed (value, scope, statement); ``uses``:
    mask_uses and length_uses of the file. None when the file has neither (unless ``keep_empty``): the join reads
    it again only if a value reaches it. ``tree``: the module, whose ``from x import A as B`` names classes by their
    own names."""
    if not seeds and not uses and not keep_empty:
        return None
    aliases = _class_aliases(tree) if tree is not None else {}
    attributes = {key: aliases.get(built, built) for key, built in _class_attributes(calls).items()}
    passed_calls = []
    for name, sites in calls.by_name.items():
        for call, scope, owner, statement in sites:
            caller, function = functions.by_scope.get(scope, (("", ""), None))
            callee = _callee(call, owner, function)
            if callee is None or callee[0] == "function" and name in _BUILTINS:
                continue
            if callee[0] in ("instance", "bound") and callee[1] in aliases:
                callee = (callee[0], aliases[callee[1]], callee[2])
            passed = []
            for slot, value in _arguments(call):
                if isinstance(value, ast.Constant):
                    continue
                passed += [(slot, kind, _span(value)) for kind, seed in seeds.items() if seed(value, scope, statement)]
                if function is not None and (
                        read := _parameter_read(value, functions.signatures[caller], function)) is not None:
                    passed.append((slot, "parameter", read))
            if passed:
                passed_calls.append(PassedCall(caller, callee, call.lineno, tuple(passed)))
    return PassedValues(filename, functions.signatures, attributes, passed_calls, uses)


def _span(node: ast.expr) -> tuple[int, int, int, int]:
    """Where a passed value is, as a finding spans it (1-based line and byte column, end column one past)."""
    end = node.end_col_offset if node.end_col_offset is not None else node.col_offset
    return node.lineno, node.col_offset + 1, node.end_lineno or node.lineno, end + 1


def _class_aliases(tree: ast.AST) -> dict[str, str]:
    """``from .crf import CRF as Tagger`` at module level -> {"Tagger": "CRF"}."""
    return {alias.asname: alias.name for statement in getattr(tree, "body", ())
            if isinstance(statement, ast.ImportFrom) for alias in statement.names
            if alias.asname and alias.asname != alias.name}


def _arguments(call: ast.Call):
    """(position or keyword, value) of what a call passes; nothing by position after a ``*args``."""
    for position, value in enumerate(call.args):
        if isinstance(value, ast.Starred):
            break
        yield position, value
    for keyword in call.keywords:
        if keyword.arg is not None:
            yield keyword.arg, keyword.value


def _kept(value: ast.expr, methods: set[str]) -> ast.expr:
    """The value under ``.data``, items and the methods of _KEEPS and KIND_KEEPS (``mask[idx].unsqueeze(1)`` ->
    ``mask``), each of the latter added to ``methods`` (``x.to(device)`` as "to device")."""
    kinds = KIND_KEEPS["cuda"] | KIND_KEEPS["uint8"]
    while True:
        if isinstance(value, ast.Subscript):
            value = value.value
        elif isinstance(value, ast.Attribute) and value.attr == "data":
            value = value.value
        elif isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and (
                value.func.attr in _KEEPS or value.func.attr in kinds or value.func.attr == "to"):
            method = value.func.attr
            if method == "to":
                moved = len(value.args) == 1 and not value.keywords and names_device(value.args[0]) and not (
                    isinstance(value.args[0], ast.Constant) and value.args[0].value == "cpu")
                method = "to device" if moved else "to"
            if method not in _KEEPS:
                methods.add(method)
            value = value.func.value
        else:
            return value


def _parameter_read(value: ast.expr, signature: Signature, function: ast.AST) -> tuple[str, frozenset[str]] | None:
    """The parameter ``value`` reads (module docstring), with the kind-specific methods read through: one every
    binding of which in ``function`` keeps it (``mask = mask.unsqueeze(1)``), or a local name that every binding
    makes from one such parameter or from itself; the sorted values of one keep it too (``lengths, idx =
    lengths.sort(0, descending=True)``, ``torch.sort``)."""
    methods: set[str] = set()
    value = _kept(value, methods)
    if not isinstance(value, ast.Name):
        return None
    sources = _sources(value.id, function, methods)
    if sources is None:
        return None
    if value.id in signature.names:
        return (value.id, frozenset(methods)) if not sources else None
    if len(sources) != 1 or (parameter := sources.pop()) not in signature.names or _sources(
            parameter, function, methods) != set():
        return None
    return parameter, frozenset(methods)


def _sources(name: str, function: ast.AST, methods: set[str]) -> set[str] | None:
    """The other names ``name``'s bindings in ``function`` are made from (through _kept); None when one is made
    otherwise."""
    sources = set()
    for item in _bindings(function).get(name, ()):
        if item is None:
            item = _sorted_values(function, name)
        source = _kept(item, methods) if item is not None else None
        if not isinstance(source, ast.Name):
            return None
        if source.id != name:
            sources.add(source.id)
    return sources


def _sorted_values(function: ast.AST, name: str) -> ast.expr | None:
    """What ``name`` sorts when the function unpacks it only as the values of a sort: ``name, order =
    x.sort(...)`` or ``torch.sort(x, ...)`` -> ``x``."""
    found = None
    for statement in own_statements(function):
        if not isinstance(statement, ast.Assign):
            continue
        for target in statement.targets:
            if isinstance(target, ast.Name) or not any(
                    isinstance(part, ast.Name) and part.id == name for part in ast.walk(target)):
                continue  # a plain binding: _bindings has it
            value = statement.value
            if not (isinstance(target, ast.Tuple) and len(target.elts) == 2 and isinstance(target.elts[0], ast.Name)
                    and target.elts[0].id == name and isinstance(value, ast.Call)
                    and isinstance(value.func, ast.Attribute) and value.func.attr == "sort") or found is not None:
                return None
            found = value.args[0] if dotted_name(value.func.value) == "torch" and value.args else value.func.value
    return found


_BINDINGS: dict[int, tuple[ast.AST, dict[str, list[ast.expr | None]]]] = {}


def _bindings(scope: ast.AST) -> dict[str, list[ast.expr | None]]:
    """Name -> the values the scope's own plain assignments bind to it (None: a tuple target, a loop, ``+=``,
    ``with``); a default filled in for a parameter left None (``if mask is None: mask = torch.ones(...)``) is no
    binding of what callers pass. The last few scopes asked are kept."""
    held = _BINDINGS.get(id(scope))
    if held is not None and held[0] is scope:
        return held[1]
    found: dict[str, list[ast.expr | None]] = {}
    statements = list(own_statements(scope))
    defaults = {id(inner) for statement in statements if isinstance(statement, ast.If) and not statement.orelse
                and (name := _none_tested(statement.test)) is not None for inner in statement.body
                if isinstance(inner, ast.Assign) and len(inner.targets) == 1
                and isinstance(inner.targets[0], ast.Name) and inner.targets[0].id == name}
    for statement in statements:
        if id(statement) in defaults:
            continue
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


def _none_tested(test: ast.expr) -> str | None:
    """``x is None`` -> ``x``."""
    if isinstance(test, ast.Compare) and isinstance(test.left, ast.Name) and len(test.ops) == 1 \
            and isinstance(test.ops[0], ast.Is) and isinstance(test.comparators[0], ast.Constant) \
            and test.comparators[0].value is None:
        return test.left.id
    return None


def built_class(value: ast.expr) -> str | None:
    """``Attn(...)``, ``model.Attn(...).cuda()``, ``nn.DataParallel(Attn(...))`` -> ``Attn``; ``CRF(n) if use_crf else
    None`` -> ``CRF`` too (None holds no callable to call)."""
    if isinstance(value, ast.IfExp):
        branches = [branch for branch in (value.body, value.orelse)
                    if not (isinstance(branch, ast.Constant) and branch.value is None)]
        return built_class(branches[0]) if len(branches) == 1 else None
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
                            else built_class(value)
                        built.setdefault((function.owner, target.attr), set()).add(stored)
    return {key: next(iter(classes)) for key, classes in built.items() if len(classes) == 1 and None not in classes}


def _callee(call: ast.Call, owner: str | None, function: ast.AST | None) -> tuple[str, str, str] | None:
    func = call.func
    if isinstance(func, ast.Name):
        if function is not None:
            bound = local_class(function, func.id)
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
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and function is not None:
        if (bound := local_class(function, func.value.id)) is not None:
            return ("bound", bound, func.attr)  # crf = CRF(...); crf.loss(...)
        arguments = function.args
        if func.value.id in {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)}:
            return ("handed member", "", f"{func.value.id}.{func.attr}")  # model.forward(...) of a model handed in
    return None


def local_class(scope: ast.AST, name: str) -> str | None:
    """The class ``name`` is built from when every binding of it in ``scope`` builds one class, or moves or wraps
    the name itself (``model = nn.DataParallel(model).cuda() if multi_gpu else model.cuda()``)."""
    classes = {built_class(value) if value is not None else None for value in _bindings(scope).get(name, ())
               if not _rewraps(value, name)}
    return next(iter(classes)) if len(classes) == 1 and None not in classes else None


def _rewraps(value: ast.expr | None, name: str) -> bool:
    """``value`` is ``name`` moved to a device or wrapped for data parallelism (either branch of a conditional)."""
    if isinstance(value, ast.IfExp):
        return _rewraps(value.body, name) and _rewraps(value.orelse, name)
    while isinstance(value, ast.Call):
        func = value.func
        if isinstance(func, ast.Attribute) and func.attr in ("cuda", "to"):
            value = func.value
        elif (func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)) in _WRAPPERS and value.args:
            value = value.args[0]
        else:
            return False
    return isinstance(value, ast.Name) and value.id == name
