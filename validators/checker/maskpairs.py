"""A transformer module called with a float attention mask and a padding mask of another dtype: a warning since 2.0.

Since 2.0 (pytorch/pytorch#92733) ``nn.MultiheadAttention`` and the ``nn.Transformer`` family turn both masks of one
attention into float masks and warn when their dtypes differ ("Support for mismatched key_padding_mask and attn_mask
is deprecated. Use same type for both instead."); a uint8 padding mask raises AssertionError instead. The pairs:
``attn_mask``/``key_padding_mask`` of MultiheadAttention, ``mask``/``src_key_padding_mask`` of an encoder (``src_mask``
for its layer and for ``nn.Transformer``), ``tgt_mask``/``tgt_key_padding_mask`` and ``memory_mask``/
``memory_key_padding_mask`` of a decoder (and ``nn.Transformer``).

Known here where the call's receiver is a name every binding of which in its function builds one of these modules,
or ``self.x`` every binding of which in its class (or the file's base class that binds it) does (or the ``.encoder``/
``.decoder`` of such an ``nn.Transformer``); its attention mask is float for sure, and its padding mask is not known to be
float. A float attention mask is ``generate_square_subsequent_mask(n)`` (torch's static method gives the ``-inf``/``0``
float mask; so does the tutorial's copy: where the file defines its own, each fills ``-inf`` and names no bool; and so
does a function of the file of another name whose body builds a ``triu``/``tril`` of ``-inf``), moved
with ``.to(...)``/``.cuda()`` or cast with ``.type_as(tgt)`` (the embedded input: a ``-inf`` mask has no integer
form), or a name (``self.x``) bound to one and nothing else in the function (in the class). A
padding mask is float where it, or the one value its name is bound to in the function, is spelled with a float
(``.float()``, ``float("-inf")``, a float dtype); ``None`` passes no mask. Any other padding mask (a comparison, a
batch item, a parameter) counts: padding masks are bool or uint8, and both fail next to a float mask.
"""

from __future__ import annotations

import ast
import re
from typing import Callable, Iterator

from .imports import dotted_name, own_statements, walk_nodes, walk_tree

_TRANSFORMER = ("tgt_mask", "tgt_key_padding_mask"), ("memory_mask", "memory_key_padding_mask")
# module class -> its forward's (attention mask, padding mask) keyword pairs, with their positions among its arguments
_PAIRS: dict[str, tuple[tuple[tuple[str, str], tuple[int, int]], ...]] = {
    "torch.nn.MultiheadAttention": ((("attn_mask", "key_padding_mask"), (5, 3)),),
    "torch.nn.TransformerEncoder": ((("mask", "src_key_padding_mask"), (1, 2)),),
    "torch.nn.TransformerEncoderLayer": ((("src_mask", "src_key_padding_mask"), (1, 2)),),
    "torch.nn.TransformerDecoder": ((_TRANSFORMER[0], (2, 4)), (_TRANSFORMER[1], (3, 5))),
    "torch.nn.TransformerDecoderLayer": ((_TRANSFORMER[0], (2, 4)), (_TRANSFORMER[1], (3, 5))),
    "torch.nn.Transformer": ((("src_mask", "src_key_padding_mask"), (2, 5)), (_TRANSFORMER[0], (3, 6)),
                             (_TRANSFORMER[1], (4, 7))),
}
_CAUSAL = "generate_square_subsequent_mask"
_MOVES = frozenset({"to", "cuda", "detach", "clone", "contiguous", "type_as"})  # (type_as: of the float target input)
_FLOAT_SPELLINGS = re.compile(r"\.float\(|\.half\(|float\(|float32|float16|bfloat16|\.double\(|-inf|\binf\b")
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


def mismatched_mask_calls(tree: ast.AST, resolve: Callable[[ast.AST], str | None],
                          text: str | None = None) -> Iterator[tuple[ast.Call, str]]:
    """Each call of a transformer module given a float attention mask and a padding mask of another dtype, with the
    module's forward as the api (module docstring)."""
    if text is not None and (_CAUSAL not in text and "triu(" not in text or "key_padding_mask" not in text):
        return  # no causal mask built, or no padding mask: most files, read off the text alone
    own_masks = _own_mask_methods(tree)
    builders = _float_mask_builders(tree)
    classes = {node.name: node for node in walk_tree(tree) if isinstance(node, ast.ClassDef)}
    for holder in [tree, *classes.values()]:
        functions = [node for node in holder.body if isinstance(node, _FUNCTIONS)]
        attributes = _class_bindings(holder, classes) if isinstance(holder, ast.ClassDef) else {}
        held = _modules(attributes, resolve)
        for function in functions:
            names = _bindings([function], "")
            modules = {**held, **_modules(names, resolve)}
            for call in (node for node in walk_nodes(function) if isinstance(node, ast.Call)):
                module = _module_called(dotted_name(call.func) or "", modules)
                if module is not None and any(
                        _float_mask(mask, {**attributes, **names}, own_masks, builders)
                        and padding is not None and not _float_padding(padding, names)
                        for mask, padding in _masks(call, _PAIRS[module])):
                    yield call, f"{module}.forward"


def _module_called(callee: str, modules: dict[str, str]) -> str | None:
    """The module class a call's receiver holds: a name or ``self.x`` bound to one, or the ``.encoder``/``.decoder``
    of an ``nn.Transformer`` (``self.transformer.decoder(tgt, memory, tgt_mask=...)``)."""
    if callee in modules:
        return modules[callee]
    holder, _, part = callee.rpartition(".")
    if modules.get(holder) == "torch.nn.Transformer" and part in ("encoder", "decoder"):
        return f"torch.nn.Transformer{part.capitalize()}"
    return None


def _float_mask_builders(tree: ast.AST) -> frozenset[str]:
    """The names of the file's functions (methods too) every one of which builds a causal float mask: its body
    spells ``triu``/``tril`` and ``-inf`` (``torch.triu(torch.ones(n, n) * float("-inf"), diagonal=1)``) and names
    no bool dtype; a name defined twice counts only when each copy does."""
    bodies: dict[str, list[str]] = {}
    for node in walk_tree(tree):
        if isinstance(node, _FUNCTIONS) and node.name != _CAUSAL:
            bodies.setdefault(node.name, []).append(ast.unparse(node))
    return frozenset(name for name, found in bodies.items() if all(
        ("triu(" in body or "tril(" in body) and "-inf" in body and "bool" not in body for body in found))


def _class_bindings(cls: ast.ClassDef, classes: dict[str, ast.ClassDef], depth: int = 0) -> dict[str, list[ast.expr]]:
    """``self.x`` -> every value the class's methods bind it to; an attribute the class never binds takes its bindings
    from the class's bases of the file (``class EventDecoder(Decoder)`` calling the ``self.model`` Decoder built)."""
    bound = _bindings([node for node in cls.body if isinstance(node, _FUNCTIONS)], "self.")
    for base in cls.bases if depth < 5 else ():
        if isinstance(base, ast.Name) and (parent := classes.get(base.id)) is not None and parent is not cls:
            for name, values in _class_bindings(parent, classes, depth + 1).items():
                bound.setdefault(name, values)
    return bound


def _modules(bound: dict[str, list[ast.expr]], resolve) -> dict[str, str]:
    """Name or ``self.x`` -> the transformer module class every binding of it builds."""
    found = {}
    for name, values in bound.items():
        classes = {_public_class(resolve(value.func)) if isinstance(value, ast.Call) else None for value in values}
        if len(classes) == 1 and (cls := classes.pop()) in _PAIRS:
            found[name] = cls
    return found


def _public_class(qualified: str | None) -> str | None:
    """``torch.nn.modules.transformer.Transformer`` -> ``torch.nn.Transformer``: torch.nn exports each of these classes
    from the module that defines it."""
    if qualified and qualified.startswith("torch.nn.modules."):
        return "torch.nn." + qualified.rsplit(".", 1)[-1]
    return qualified


def _masks(call: ast.Call, pairs) -> Iterator[tuple[ast.expr | None, ast.expr | None]]:
    """The (attention mask, padding mask) values the call passes for each pair, by keyword or position."""
    keywords = {keyword.arg: keyword.value for keyword in call.keywords if keyword.arg is not None}
    plain = [] if any(isinstance(argument, ast.Starred) for argument in call.args) else call.args
    for (mask, padding), (mask_at, padding_at) in pairs:
        yield (keywords.get(mask, plain[mask_at] if mask_at < len(plain) else None),
               keywords.get(padding, plain[padding_at] if padding_at < len(plain) else None))


def _bindings(functions: list[ast.AST], prefix: str) -> dict[str, list[ast.expr]]:
    """Names (``self.x`` for ``prefix`` "self.") -> every value the functions bind them to."""
    bound: dict[str, list[ast.expr]] = {}
    for function in functions:
        for statement in own_statements(function):
            if isinstance(statement, ast.Assign):
                for target in statement.targets:
                    if (name := dotted_name(target)) is not None and name.startswith(prefix):
                        bound.setdefault(name, []).append(statement.value)
            elif isinstance(statement, (ast.AugAssign, ast.AnnAssign, ast.For, ast.AsyncFor, ast.With, ast.AsyncWith)):
                targets = [item.optional_vars for item in statement.items if item.optional_vars is not None] if \
                    isinstance(statement, (ast.With, ast.AsyncWith)) else [statement.target]
                for target in (node for found in targets for node in walk_nodes(found)):
                    if (name := dotted_name(target)) is not None and name.startswith(prefix):
                        bound.setdefault(name, []).append(ast.Constant(None))  # rebound some other way: unknown
    if not prefix:
        for function in functions:
            arguments = function.args
            for argument in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs):
                bound.setdefault(argument.arg, []).append(ast.Constant(None))  # what callers pass: unknown
    return bound


def _float_mask(value: ast.expr | None, bound: dict[str, list[ast.expr]], own_masks: bool | None,
                builders: frozenset[str] = frozenset()) -> bool:
    """``generate_square_subsequent_mask(n)`` (moved), a call of one of the file's own ``builders`` of a float causal
    mask (``self.generateTargetMask(n, device)``), or a name every binding of which is one. ``own_masks``: the file's
    own functions of torch's name all build the float mask (True), one may not (False), or it defines none (None: the
    call is torch's)."""
    while isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr in _MOVES:
        value = value.func.value
    if isinstance(value, ast.Call):
        called = (dotted_name(value.func) or "").rsplit(".", 1)[-1]
        return called == _CAUSAL and own_masks is not False or called in builders
    name = dotted_name(value) if value is not None else None
    values = bound.get(name, []) if name is not None else []
    return bool(values) and all(isinstance(found, ast.Call) and _float_mask(found, {}, own_masks, builders)
                                for found in values)


def _float_padding(value: ast.expr, names: dict[str, list[ast.expr]]) -> bool:
    """The padding mask is float, or passes nothing: spelled with a float, ``None``, or a local name bound once to
    such a value."""
    if isinstance(value, ast.Constant) and value.value is None:
        return True
    if isinstance(value, ast.Name) and len(found := names.get(value.id, [])) == 1 and \
            not (isinstance(found[0], ast.Constant) and found[0].value is None):
        value = found[0]
    return _FLOAT_SPELLINGS.search(ast.unparse(value)) is not None


def _own_mask_methods(tree: ast.AST) -> bool | None:
    """Whether the file's own ``generate_square_subsequent_mask`` functions all build the tutorial's float mask (their
    body fills ``-inf`` and names no bool dtype); None where it defines none, and the name is torch's."""
    bodies = [ast.unparse(node) for node in walk_tree(tree) if isinstance(node, _FUNCTIONS) and node.name == _CAUSAL]
    return all("-inf" in body and "bool" not in body for body in bodies) if bodies else None
