"""torch.hub calls that never reach the trust prompt, though they leave ``trust_repo`` at its ``"check"`` default.

``_check_repo_is_trusted`` (torch/hub.py on 2.15) asks only when the repo's owner is not one torch trusts
(``_TRUSTED_REPO_OWNERS``: the rule's ``quiet_first``) and the repo is neither in the hub's ``trusted_list`` nor
already downloaded. Two more spellings are as certain as a literal first argument:

- the repo written once as a module-level constant, here or in a module of the project it is imported from:
  ``REPO = "facebookresearch/dino"`` then ``torch.hub.load(REPO, ...)``, or a list whose first item is the repo
  unpacked into the call, ``torch.hub.load(*MSA_MODEL_PATH)`` with ``MSA_MODEL_PATH = ["facebookresearch/esm",
  "esm_msa1_t12_100M_UR50S"]`` in ``constants.py``;
- a lookup in a module-level dict of string literals the module never changes: ``torch.hub.load(model_versions[
  backbone], ...)`` with ``model_versions = {"resnet": "pytorch/vision:v0.10.0", "swav": "facebookresearch/swav:main"}``
  is trusted when every value is;
- an earlier hub call on the same repo that certainly runs first (a preceding statement of the same block or of
  a block around it, not under a condition of its own): once it returns, the repo is in ``trusted_list`` (it
  either prompted and was trusted, or was trusted already), so ``assert name in torch.hub.list(repo)`` followed
  by ``torch.hub.load(repo, name)`` prompts at most once, at the first call. That first call keeps its finding.
"""

from __future__ import annotations

import ast
from typing import Callable

from .imports import nested_fields, walk_nodes, walk_tree

HUB_CALLS = frozenset({"torch.hub.load", "torch.hub.list", "torch.hub.help"})
_FIRST_KEYWORDS = ("repo_or_dir", "github")
_READING_METHODS = frozenset({"get", "keys", "values", "items", "copy"})  # dict methods that leave it unchanged
# expressions whose parts may not run: a hub call under one of them is not certain to have run
_CONDITIONAL = (ast.IfExp, ast.BoolOp, ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


Constant = str | tuple[str, ...] | frozenset[str]


def module_constants(tree: ast.AST) -> dict[str, Constant]:
    """Names a module binds once, at module level, to a string literal (name -> the string), to a list or
    tuple literal that starts with strings (name -> those leading strings, as a tuple), or to a dict literal
    whose values are all strings and whose items the module never sets (name -> the values, as a frozenset)."""
    counts: dict[str, int] = {}
    found: dict[str, str | tuple[str, ...]] = {}
    for statement in getattr(tree, "body", ()):
        targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target] if isinstance(
            statement, (ast.AnnAssign, ast.AugAssign)) else []
        for target in targets:
            for name in (n.id for n in walk_nodes(target) if isinstance(n, ast.Name)):
                counts[name] = counts.get(name, 0) + 1
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(
                statement.targets[0], ast.Name) and (value := _literal(statement.value)) is not None:
            found[statement.targets[0].id] = value
    changed = _changed_dicts(tree, {name for name, value in found.items() if isinstance(value, frozenset)})
    return {name: value for name, value in found.items() if counts.get(name) == 1 and name not in changed}


def _changed_dicts(tree: ast.AST, names: set[str]) -> set[str]:
    """The names among ``names`` whose dict the module may change: an item set or deleted (``D[k] = v``), or a
    method called on it that adds items (any method but ``get``, ``keys``, ``values``, ``items``, ``copy``)."""
    if not names:
        return set()
    changed = set()
    for node in walk_tree(tree):
        if isinstance(node, (ast.Subscript, ast.Attribute)) and isinstance(node.value, ast.Name) \
                and node.value.id in names and not (
                    isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load)
                    or isinstance(node, ast.Attribute) and node.attr in _READING_METHODS):
            changed.add(node.value.id)
    return changed


def _literal(value: ast.expr) -> Constant | None:
    if isinstance(value, ast.Constant) and isinstance(value.value, str):
        return value.value
    if isinstance(value, (ast.List, ast.Tuple)):
        leading = []
        for element in value.elts:
            if not (isinstance(element, ast.Constant) and isinstance(element.value, str)):
                break
            leading.append(element.value)
        return tuple(leading) if leading else None
    if isinstance(value, ast.Dict) and value.values and all(
            key is not None and isinstance(item, ast.Constant) and isinstance(item.value, str)
            for key, item in zip(value.keys, value.values)):
        return frozenset(item.value for item in value.values)
    return None


def first_argument(call: ast.Call) -> ast.expr | None:
    if call.args:
        return call.args[0]
    return next((kw.value for kw in call.keywords if kw.arg in _FIRST_KEYWORDS), None)


def repo_of(call: ast.Call, constant: Callable[[str], Constant | None]) -> str | None:
    """The repo a hub call names, when it is certain: a string literal, a constant bound to one, or ``*NAME`` with
    NAME a list or tuple literal whose first item is a string. ``constant`` answers for a plain name."""
    first = first_argument(call)
    if first is None:
        return None
    starred = isinstance(first, ast.Starred) and first is call.args[0]
    if starred:
        first = first.value
    if isinstance(first, ast.Constant) and isinstance(first.value, str) and not starred:
        return first.value
    if isinstance(first, ast.Name) and (value := constant(first.id)) is not None:
        if starred and isinstance(value, tuple):
            return value[0]
        if not starred and isinstance(value, str):
            return value
    return None


def repo_choices(call: ast.Call, constant: Callable[[str], Constant | None]) -> frozenset[str] | None:
    """The repos a hub call may name when its first argument is ``NAME[key]`` with NAME a dict of string
    literals (any of its values, the key being unknown); None otherwise."""
    first = first_argument(call)
    if isinstance(first, ast.Subscript) and isinstance(first.value, ast.Name) \
            and isinstance(values := constant(first.value.id), frozenset):
        return values
    return None


def same_repo(a: str, b: str) -> bool:
    """``owner/name`` and ``owner/name:branch`` are one entry of the trusted list (owner_name, without branch)."""
    return a.partition(":")[0].strip("/") == b.partition(":")[0].strip("/")


def trusted_earlier(scope: ast.AST, call: ast.Call, repo: str, hub_repo: Callable[[ast.Call], str | None]) -> bool:
    """A hub call on ``repo`` (``hub_repo`` answers for a call: its repo, or None when it is no github hub call)
    in a statement that runs before ``call``'s, whatever the branches: a preceding statement of the block that
    holds ``call``'s statement or of a block around it, the hub call among its own expressions (not under a
    nested block, a conditional expression or a lambda)."""
    path = _path_to(getattr(scope, "body", []), call)
    if path is None:
        return False
    for block, index in path:
        for earlier in block[:index]:
            for node in _certain_nodes(earlier):
                if isinstance(node, ast.Call) and node is not call and (other := hub_repo(node)) is not None \
                        and same_repo(other, repo):
                    return True
    return False


def _path_to(block: list[ast.stmt], call: ast.Call) -> list[tuple[list[ast.stmt], int]] | None:
    """The blocks from ``block`` down to the statement whose own expressions hold ``call``, with the index taken
    in each; None when ``call`` is not there (or sits in a nested function or class)."""
    for index, statement in enumerate(block):
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        if any(node is call for node in _own_nodes(statement)):
            return [(block, index)]
        for name in nested_fields(statement):
            inner = getattr(statement, name)
            if name in ("handlers", "cases"):  # an except handler's or a match case's own body
                inner = [statement for part in inner for statement in part.body]
            if (found := _path_to(inner, call)) is not None:
                if name in ("handlers", "cases"):  # the other handlers' or cases' statements did not run first
                    found = found[1:]  # (nor, conservatively, the earlier ones of its own body)
                return [(block, index), *found]
    return None


def _own_nodes(statement: ast.stmt):
    """The expression nodes of ``statement`` itself, not of the statements nested in it."""
    pending: list[ast.AST] = [statement]
    while pending:
        node = pending.pop()
        yield node
        pending.extend(child for child in ast.iter_child_nodes(node)
                       if not isinstance(child, (ast.stmt, ast.excepthandler)))


def _certain_nodes(statement: ast.stmt):
    """The expression nodes of a simple statement that run whenever it does (not under a conditional expression,
    a short-circuit operand, a lambda or a comprehension); none for compound statements."""
    if nested_fields(statement) or isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return
    pending: list[ast.AST] = [statement]
    while pending:
        node = pending.pop()
        yield node
        if isinstance(node, _CONDITIONAL):
            continue
        pending.extend(ast.iter_child_nodes(node))
