"""Keyword dicts a project's Python config files define: ``train = dict(..., ddp=dict(broadcast_buffers=False))``.

``create_ddp_model(model, **cfg.train.ddp)`` (a detectron2 LazyConfig, an mmcv ``Config``) spreads a dict the
config files spell out: the attribute path read (``train.ddp``, two names or more) names a module-level
assignment of a config file (``train = dict(ddp=dict(...))``, ``train = {"ddp": {...}}``, ``train.ddp =
dict(...)``), and its keys are what the call passes when that config is the one run. Read only when a call spreads
such a path into a project callable that passes its **kwargs on to a ruled torch call (spread.py), from the text
of every file of the sub-project, walked or not (a config file need not name torch): a file is parsed only when
its text names both names and assigns the last.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from ..parsing import parse_python
from .dictdisplays import dict_keywords
from .source import Unreadable, read_source


def config_path(node: ast.expr) -> tuple[str, ...] | None:
    """``cfg.train.ddp`` -> ("train", "ddp"): two or more attributes read from a plain name other than ``self``
    (a config's nested dict); None for anything else."""
    path: list[str] = []
    while isinstance(node, ast.Attribute):
        path.append(node.attr)
        node = node.value
    return tuple(reversed(path)) if len(path) > 1 and isinstance(node, ast.Name) and node.id not in (
        "self", "cls") else None


def _member(value: ast.expr, key: str) -> ast.expr | None:
    """The value ``key`` has in a ``dict(...)``/``{...}`` display."""
    return next((kw.value for kw in dict_keywords(value, partial=True) or () if kw.arg == key), None)


def config_dicts(path: tuple[str, ...], files) -> list[tuple[str, int, list[ast.keyword]]]:
    """(file, line, keywords) of each module-level definition of the dict at ``path`` (its last two names) in
    ``files`` (paths)."""
    *_, owner, name = path
    pattern = re.compile(rf"\b{re.escape(name)}\b\s*=|[\"']{re.escape(name)}[\"']\s*:")
    found = []
    for file in files:
        try:
            code = read_source(Path(file))
        except Unreadable:
            continue
        if name not in code or owner not in code or pattern.search(code) is None:
            continue
        try:
            tree = parse_python(code, file)
        except (SyntaxError, ValueError):
            continue
        for statement in tree.body:
            if not isinstance(statement, ast.Assign) or len(statement.targets) != 1:
                continue
            target, value = statement.targets[0], statement.value
            if isinstance(target, ast.Name) and target.id == owner:
                held = _member(value, name)
            elif (isinstance(target, ast.Attribute) and target.attr == name
                  and isinstance(target.value, ast.Name) and target.value.id == owner):
                held = value
            else:
                continue
            if held is not None and (keywords := dict_keywords(held)) is not None:
                found.append((file, statement.lineno, keywords))
    return found
