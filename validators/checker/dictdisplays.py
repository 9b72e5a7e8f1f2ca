"""Keyword arguments written as a dict: ``dict(a=1, b=2)`` or ``{"a": 1, "b": 2}``, read as ``ast.keyword``s.

configdicts.py reads a config module's dict that a call spreads (``DDP(model, **cfg.ddp)``), spread.py what a
helper puts into its own ``**kwargs`` (``kwargs.update({...})``); both read the same two spellings here.
"""

from __future__ import annotations

import ast


def dict_keywords(value: ast.expr, *, partial: bool = False) -> list[ast.keyword] | None:
    """The display's entries as keywords; None when ``value`` is no dict display. Whole (the default): None also when
    a key is unknown (``**x``, a name key, ``dict(base, k=v)``), since the dict may then hold anything; ``partial``:
    the entries whose key is spelled out, whatever else the dict holds."""
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "dict":
        if not partial and (value.args or any(kw.arg is None for kw in value.keywords)):
            return None
        return [kw for kw in value.keywords if kw.arg is not None]
    if isinstance(value, ast.Dict):
        named = [(k.value, v) for k, v in zip(value.keys, value.values)
                 if isinstance(k, ast.Constant) and isinstance(k.value, str)]
        if not partial and len(named) != len(value.keys):
            return None
        return [ast.keyword(key, entry) for key, entry in named]
    return None
