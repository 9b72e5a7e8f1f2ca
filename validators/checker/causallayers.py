"""A project's own layer class stacked by ``nn.TransformerEncoder``/``nn.TransformerDecoder`` whose ``forward`` takes no
``is_causal``: the stack raises when it runs.

Since 2.0 ``TransformerEncoder.forward`` calls each layer as ``mod(output, src_mask=..., is_causal=...,
src_key_padding_mask=...)``, and since 2.1 ``TransformerDecoder.forward`` passes ``tgt_is_causal=`` and
``memory_is_causal=``. A layer written for 1.x (often a copy of torch's own ``TransformerEncoderLayer`` with
``forward(self, src, src_mask=None, src_key_padding_mask=None)``) fails with ``TypeError: ... got an unexpected keyword
argument 'is_causal'`` (or earlier, with AttributeError, when it has no ``self_attn`` the encoder reads). Known here
where the class statement binds the stack to ``self.x`` (or a function to a name) built from such a layer (in the
call, or a name bound once in the same function to one), and the layer's class is the file's own or comes from a
project module (``from src.dlutils import *``, ``from .layers import EncoderLayer``); each call of the stack is
reported, where the error is raised.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Callable, Iterator

from .imports import dotted_name, own_nodes, own_statements, walk_tree
from .source import parse_module_file
from .starimports import module_file_stamp

_STACKS = {"torch.nn.TransformerEncoder": "is_causal", "torch.nn.TransformerDecoder": "tgt_is_causal",
           "torch.nn.modules.transformer.TransformerEncoder": "is_causal",
           "torch.nn.modules.transformer.TransformerDecoder": "tgt_is_causal"}
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


def causal_layer_calls(tree: ast.AST, resolve: Callable[[ast.AST], str | None], text: str | None = None,
                       filename: str | None = None) -> Iterator[tuple[ast.Call, str]]:
    """Each call of a transformer stack built from a layer whose forward lacks the keyword the stack passes, with the
    stack's api (module docstring)."""
    if text is not None and "TransformerEncoder(" not in text and "TransformerDecoder(" not in text:
        return
    layers = _LayerClasses(tree, filename)
    functions = [node for node in walk_tree(tree) if isinstance(node, _FUNCTIONS)]
    built = {id(holder): _stacks_built(holder, resolve, layers) for holder in (tree, *functions)}
    # a plain name is called in the function that binds it; self.x in any method of the class that binds it
    seen = {id(holder): {key: api for key, api in built[id(holder)].items() if not key.startswith("self.")}
            for holder in (tree, *functions)}
    for cls in (node for node in walk_tree(tree) if isinstance(node, ast.ClassDef)):
        methods = [item for item in cls.body if isinstance(item, _FUNCTIONS)]
        held = {key: api for method in methods for key, api in built[id(method)].items() if key.startswith("self.")}
        for method in methods:
            seen[id(method)].update(held)
    for holder in (tree, *functions):
        yield from _calls(holder, seen[id(holder)])


def _stacks_built(function: ast.AST, resolve, layers: _LayerClasses) -> dict[str, str]:
    """Name or ``self.x`` -> the stack's api, for each binding in ``function`` to a stack of a layer that fails."""
    bound: dict[str, list[ast.expr]] = {}
    assignments = [s for s in own_statements(function) if isinstance(s, ast.Assign) and len(s.targets) == 1]
    for statement in assignments:
        if (key := dotted_name(statement.targets[0])) is not None:
            bound.setdefault(key, []).append(statement.value)
    found = {}
    for key, values in bound.items():
        value = values[-1]
        if len(values) != 1 or not isinstance(value, ast.Call) or (api := resolve(value.func)) not in _STACKS:
            continue
        layer = value.args[0] if value.args else next((k.value for k in value.keywords
                                                        if k.arg in ("encoder_layer", "decoder_layer")), None)
        if isinstance(layer, ast.Name) and len(bound.get(layer.id, ())) == 1:
            layer = bound[layer.id][0]
        if isinstance(layer, ast.Call) and isinstance(layer.func, ast.Name) and resolve(layer.func) is None \
                and layers.lacks(layer.func.id, _STACKS[api]):
            found[key] = api.replace(".modules.transformer", "") + ".forward"
    return found


def _calls(function: ast.AST, stacks: dict[str, str]) -> Iterator[tuple[ast.Call, str]]:
    if not stacks:
        return
    for node in own_nodes(function):
        if isinstance(node, ast.Call) and (api := stacks.get(dotted_name(node.func) or "")) is not None:
            yield node, api


class _LayerClasses:
    """The classes a name may mean in the file: its own module-level ones, then those of the project modules it
    imports by name or with ``*`` (read when first asked)."""

    def __init__(self, tree: ast.AST, filename: str | None) -> None:
        self.tree, self.filename = tree, filename
        self.classes: dict[str, ast.ClassDef] | None = None

    def lacks(self, name: str, keyword: str) -> bool:
        """The class's own ``forward`` takes neither ``keyword`` nor ``**kwargs``."""
        if self.classes is None:
            self.classes = self._read()
        cls = self.classes.get(name)
        forward = next((item for item in cls.body if isinstance(item, _FUNCTIONS) and item.name == "forward"),
                       None) if cls is not None else None
        if forward is None or forward.args.kwarg is not None:
            return False
        taken = {a.arg for a in (*forward.args.posonlyargs, *forward.args.args, *forward.args.kwonlyargs)}
        return keyword not in taken

    def _read(self) -> dict[str, ast.ClassDef]:
        classes = {node.name: node for node in getattr(self.tree, "body", ()) if isinstance(node, ast.ClassDef)}
        if not self.filename:
            return classes
        for statement in getattr(self.tree, "body", ()):
            if not isinstance(statement, ast.ImportFrom) or (statement.module or "").startswith("torch"):
                continue
            wanted = {alias.name: alias.asname or alias.name for alias in statement.names}
            stamp = module_file_stamp(Path(self.filename), statement.level, statement.module)
            module = parse_module_file(Path(stamp[0])) if stamp is not None else None
            for node in getattr(module, "body", ()):
                if isinstance(node, ast.ClassDef) and ("*" in wanted or node.name in wanted):
                    classes.setdefault(wanted.get(node.name, node.name), node)
        return classes
