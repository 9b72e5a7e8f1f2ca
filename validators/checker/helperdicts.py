"""A loaded value handed to a project helper in another module that reads it as a state dict.

``encoder = torch.load(path)`` is named like a model, which alone makes the load read a pickled module; but when the
file hands ``encoder`` to ``init_encoder(model, encoder)`` from its own ``utils.py``, whose body reads that parameter
with ``saved.items()``, ``saved["k"]`` or ``m.load_state_dict(saved)``, the file holds a state dict (dl4mt-nonauto's
``run.py``, round 57). The helper's module is found beside the importing file or in a folder above it (at most three),
read once per version of the file (its size and modification time), and asked only about a parameter that it uses in
no other way than as a mapping.
"""

from __future__ import annotations

import ast
import os
from functools import lru_cache
from pathlib import Path

from .imports import own_nodes
from .source import parse_module_file

_MAPPING_METHODS = frozenset({"items", "keys", "values", "get"})
_FOLDERS_UP = 3


def helper_reads_dict(importer: str, suffix: str, function: str, position: int) -> bool:
    """Whether the module-level ``function`` of the project module ``suffix`` (returns.module_suffix) reads its
    positional parameter ``position`` only as a mapping."""
    path = _module_path(importer, suffix)
    if path is None:
        return False
    try:
        stat = os.stat(path)
    except OSError:
        return False
    # keyed by size and modification time, as starimports.py keys its reads: a server's long-lived checker sees an
    # edited helper afresh
    return _parameter_read_as_dict(path, stat.st_size, stat.st_mtime_ns, function, position)


def _module_path(importer: str, suffix: str) -> str | None:
    tails = (".py", "/__init__.py")
    if os.path.isabs(suffix):
        return next((suffix + tail for tail in tails if os.path.isfile(suffix + tail)), None)
    folder = os.path.dirname(os.path.abspath(importer))
    for _ in range(_FOLDERS_UP + 1):
        for tail in tails:
            candidate = os.path.join(folder, suffix + tail)
            if os.path.isfile(candidate):
                return candidate
        folder = os.path.dirname(folder)
    return None


@lru_cache(maxsize=64)
def _parameter_read_as_dict(path: str, size: int, mtime: int, function: str, position: int) -> bool:
    tree = parse_module_file(Path(path))
    definition = next((node for node in getattr(tree, "body", ()) if isinstance(node, ast.FunctionDef)
                       and node.name == function), None)
    if definition is None:
        return False
    parameters = definition.args.posonlyargs + definition.args.args
    if position >= len(parameters):
        return False
    name = parameters[position].arg
    as_dict = other = False
    nodes = list(own_nodes(definition))
    passed_to_load = {id(node.args[0]) for node in nodes if isinstance(node, ast.Call) and node.args
                      and isinstance(node.func, ast.Attribute) and node.func.attr == "load_state_dict"}
    mapped = {id(node.func.value) for node in nodes if isinstance(node, ast.Call)
              and isinstance(node.func, ast.Attribute) and node.func.attr in _MAPPING_METHODS}
    keyed = {id(node.value) for node in nodes if isinstance(node, ast.Subscript)
             and isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str)}
    for node in nodes:
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Load):
            if id(node) in passed_to_load or id(node) in mapped or id(node) in keyed:
                as_dict = True
            else:
                other = True
    return as_dict and not other
