"""Project functions of another module that return stacked tensors (for walknames' ``.numpy()[0]`` test).

``train_loss = train_epoch(...)`` then ``train_loss.cpu().detach().numpy()[0]`` in ``training.py``, with ``from
evaluation_utils import train_epoch`` and ``evaluation_utils.py``'s ``train_epoch`` ending ``return torch.stack(losses)``:
one loss per batch, a vector that ``[0]`` reads, however the name says loss. A name the file imports with a
module-level ``from`` import from a module of the project (found as starimports.py finds it) whose module-level
function there returns only ``torch.stack(...)``/``torch.cat(...)`` (or tuples holding them at fixed positions) is
such a helper. Each module is read once per process (keyed by its path, size and modification time).
"""

from __future__ import annotations

import ast
from functools import lru_cache

from .imports import own_nodes
from .starimports import called_project_imports, helper_functions

_STACKING = ("stack", "cat")


def imported_stacking_helpers(tree: ast.AST, source: str, filename: str | None) -> dict[str, frozenset[int] | None]:
    """Local name of each function ``tree``'s module-level ``from`` imports from the project and ``source`` calls
    -> None when every return is a stacked tensor, else the positions of the returned tuples that are."""
    found: dict[str, frozenset[int] | None] = {}
    for stamp, called in called_project_imports(tree, source, filename):
        returning = _stacking_functions(*stamp)
        found.update((local, returning[name]) for name, local in called if name in returning)
    return found


@lru_cache(maxsize=256)
def _stacking_functions(path: str, size: int, mtime: int) -> dict[str, frozenset[int] | None]:
    found: dict[str, frozenset[int] | None] = {}
    for function in helper_functions(path, lambda text: "torch.stack(" in text or "torch.cat(" in text):
        if (positions := _stacked_returns(function)) is not False:
            found[function.name] = positions
    return found


def _stacked_returns(function: ast.FunctionDef | ast.AsyncFunctionDef) -> frozenset[int] | None | bool:
    """None when every return is ``torch.stack``/``torch.cat``; the positions that are, when every return is a tuple
    display of one length with some; False otherwise."""
    returned = [node.value for node in own_nodes(function) if isinstance(node, ast.Return)]
    if not returned or any(value is None for value in returned):
        return False
    if all(_stacked(value) for value in returned):
        return None
    if not all(isinstance(value, ast.Tuple) for value in returned) or len({len(value.elts) for value in returned}) != 1:
        return False
    positions = frozenset(index for index in range(len(returned[0].elts))
                          if all(_stacked(value.elts[index]) for value in returned))
    return positions or False


def _stacked(value: ast.expr) -> bool:
    """``torch.stack(...)`` / ``torch.cat(...)`` spelled with the module's ``import torch``."""
    return isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr in _STACKING \
        and isinstance(value.func.value, ast.Name) and value.func.value.id == "torch"
