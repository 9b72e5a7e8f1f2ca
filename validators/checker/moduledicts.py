"""Keyword dicts another module of the project binds once at module level, read where a call spreads them.

``TORCHSCRIPT_EXPORT_KWARGS = {"dynamo": False} if "dynamo" in inspect.signature(torch.onnx.export).parameters
else {}`` in ``utils/onnx_helper.py``, then ``torch.onnx.export(..., **onnx_helper.TORCHSCRIPT_EXPORT_KWARGS)``
in the exporters: the call passes the keywords of the branch the check picks on the target. The defining module
is parsed once per run; a name bound more than once there, or filled after its binding (``KW["k"] = v``,
``KW.update(...)``), is unknown. Its checks read that module's imports and flags, so each value comes with them.
"""

from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path

from .guards import is_version_guard
from .importtime import module_flags
from .imports import ImportMap, walk_tree
from .patterns import literal_keywords
from .source import parse_module_file
from .versionflags import expand_flags

_FILLING = {"update", "setdefault", "pop", "clear", "__setitem__"}


def _is_keyword_dict(value: ast.expr) -> bool:
    """A literal dict, or a conditional choosing between them (``{...} if check else {}``)."""
    if isinstance(value, ast.IfExp):
        return _is_keyword_dict(value.body) and _is_keyword_dict(value.orelse)
    return literal_keywords(value) is not None


def _with_flags(value: ast.expr, flags: dict[str, ast.expr]) -> ast.expr:
    """The conditional with each test's module flags (``_HAS_DYNAMO``) replaced by their checks."""
    if not isinstance(value, ast.IfExp):
        return value
    return ast.IfExp(expand_flags(value.test, flags), value.body, _with_flags(value.orelse, flags))


def filled_names(tree: ast.AST) -> set[str]:
    """Names a statement anywhere in the module fills or rebinds after their binding: ``KW["k"] = v``,
    ``KW.update(...)``, a function's ``global KW``."""
    filled: set[str] = set()
    for node in walk_tree(tree):
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store) and isinstance(node.value, ast.Name):
            filled.add(node.value.id)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _FILLING \
                and isinstance(node.func.value, ast.Name):
            filled.add(node.func.value.id)
        elif isinstance(node, ast.Global):
            filled.update(node.names)
    return filled


@lru_cache(maxsize=256)
def module_keyword_dicts(path: str, size: int, mtime: int) -> tuple[dict[str, ast.expr], ImportMap | None]:
    """The module's once-bound keyword dicts (name -> value, flags expanded) and its imports."""
    tree = parse_module_file(Path(path))
    if tree is None:
        return {}, None
    bound: dict[str, int] = {}
    candidates: dict[str, ast.expr] = {}
    for statement in tree.body:
        targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target] if isinstance(
            statement, (ast.AnnAssign, ast.AugAssign)) else []
        for target in targets:
            if isinstance(target, ast.Name):
                bound[target.id] = bound.get(target.id, 0) + 1
        value = getattr(statement, "value", None)
        if len(targets) == 1 and isinstance(targets[0], ast.Name) and not isinstance(statement, ast.AugAssign) \
                and value is not None and _is_keyword_dict(value):
            candidates[targets[0].id] = value
    candidates = {name: value for name, value in candidates.items() if bound[name] == 1}
    if not candidates:
        return {}, None
    candidates = {name: value for name, value in candidates.items() if name not in filled_names(tree)}
    if not candidates:
        return {}, None
    imports = ImportMap.from_tree(tree)
    flags = module_flags(tree, lambda value: is_version_guard(value, imports))
    return {name: _with_flags(value, flags) for name, value in candidates.items()}, imports
