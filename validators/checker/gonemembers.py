"""``self._format_param(...)`` in an ``OneCycleLR`` subclass, ``scheduler.is_better(a, b)`` on a ReduceLROnPlateau:
a member of a torch class that an older build had and the target lacks (AttributeError there).

The data is ``gone-members.json`` next to this file (validators/radar/gone_members.py: class, by each name the
target gives it -> gone member -> the last build read that had it). Two uses are certain enough to report:

- ``self.<member>`` in a method of a class whose bases are that torch class (directly, or through a class of the
  same file), when neither the file's class nor such a base defines or assigns the member itself;
- ``<name>.<member>`` where the function (or module) binds ``name`` only to a call of that class, or
  ``self.<name>.<member>`` where the class binds ``self.<name>`` only to one.

A file that spells the member as a string (``hasattr(self, "print_lr")``) probes for it: not reported.
"""

from __future__ import annotations

import ast
import re
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterator

from .datacopies import read_json
from .imports import own_nodes, walk_tree

GONE_MEMBERS_FILE = Path(__file__).with_name("gone-members.json")
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


@lru_cache(maxsize=1)
def _index() -> tuple[dict[str, dict[str, str]], re.Pattern]:
    """class name -> {member: last build}, and a pattern finding ``.member`` of any of them in a text."""
    classes = read_json(GONE_MEMBERS_FILE)["classes"]
    members = sorted({member for gone in classes.values() for member in gone})
    return classes, re.compile(r"\.(%s)\b" % "|".join(map(re.escape, members)))


def gone_member_uses(tree: ast.AST, resolve: Callable[[ast.AST], str | None],
                     text: str | None = None) -> Iterator[tuple[ast.Attribute, str, str]]:
    """(the attribute read, the gone API ``Class.member``, the last build that had it) for each use."""
    classes, spelled = _index()
    named = set(spelled.findall(text)) if text is not None else None
    if named is not None and not named:
        return
    probed = {member for member in named if f'"{member}"' in text or f"'{member}'" in text} if named else set()
    file_classes = {node.name: node for node in walk_tree(tree) if isinstance(node, ast.ClassDef)}
    for node in file_classes.values():
        bases = _torch_bases(node, file_classes, resolve, classes, set())
        if bases:
            defined = _defined(node, file_classes, set())
            yield from _self_uses(node, bases, defined | probed, classes)
    yield from _instance_uses(tree, file_classes, resolve, classes, probed)


def _torch_bases(node: ast.ClassDef, file_classes: dict, resolve, classes: dict, seen: set[str]) -> list[str]:
    """The torch classes (names in the index) the class derives from, through the file's own classes too."""
    found = []
    for base in node.bases:
        if isinstance(base, ast.Subscript):
            base = base.value
        if isinstance(base, ast.Name) and base.id in file_classes and base.id not in seen:
            seen.add(base.id)
            found += _torch_bases(file_classes[base.id], file_classes, resolve, classes, seen)
        elif (qualified := resolve(base)) in classes:
            found.append(qualified)
    return found


def _defined(node: ast.ClassDef, file_classes: dict, seen: set[str]) -> set[str]:
    """What the class and the file's classes it derives from define or assign on themselves or their instances."""
    found = set()
    for item in ast.walk(node):
        if isinstance(item, _FUNCTIONS):
            found.add(item.name)
        elif isinstance(item, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            for target in (item.targets if isinstance(item, ast.Assign) else [item.target]):
                for part in ast.walk(target):
                    if isinstance(part, ast.Name):
                        found.add(part.id)
                    elif isinstance(part, ast.Attribute) and isinstance(part.value, ast.Name) and part.value.id == "self":
                        found.add(part.attr)
    for base in node.bases:
        if isinstance(base, ast.Name) and base.id in file_classes and base.id not in seen:
            seen.add(base.id)
            found |= _defined(file_classes[base.id], file_classes, seen)
    return found


def _self_uses(node: ast.ClassDef, bases: list[str], defined: set[str], classes: dict) -> Iterator:
    for method in node.body:
        if not isinstance(method, _FUNCTIONS):
            continue
        for item in own_nodes(method):
            if isinstance(item, ast.Attribute) and isinstance(item.ctx, ast.Load) and isinstance(item.value, ast.Name) \
                    and item.value.id == "self" and item.attr not in defined:
                for base in bases:
                    if (last := classes[base].get(item.attr)) is not None:
                        yield item, f"{base}.{item.attr}", last
                        break


def _instance_uses(tree: ast.AST, file_classes: dict, resolve, classes: dict, probed: set[str]) -> Iterator:
    """``s.is_better(...)`` after ``s = ReduceLROnPlateau(...)`` in the same scope, bound to nothing else there, or
    ``self.s.is_better(...)`` where every binding of ``self.s`` in the class is such a call."""
    scopes = [tree, *(node for node in walk_tree(tree) if isinstance(node, _FUNCTIONS))]
    attributes: dict[str, dict[str, str | None]] = {}  # class -> self attribute -> the class it holds (None: other)
    for node in file_classes.values():
        held: dict[str, str | None] = {}
        for item in ast.walk(node):
            if isinstance(item, ast.Assign):
                for target in item.targets:
                    if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and \
                            target.value.id == "self":
                        made = _made(item.value, resolve, classes)
                        held[target.attr] = made if held.get(target.attr, made) == made else None
        attributes[node.name] = held
    for scope in scopes:
        nodes = list(own_nodes(scope))
        bound: dict[str, str | None] = {}
        for item in nodes:
            if isinstance(item, ast.Assign):
                for target in item.targets:
                    for part in ast.walk(target):
                        if isinstance(part, ast.Name):
                            made = _made(item.value, resolve, classes) if part is target else None
                            bound[part.id] = made if bound.get(part.id, made) == made else None
            elif isinstance(item, (ast.For, ast.AsyncFor, ast.With, ast.AugAssign, ast.AnnAssign)):
                for target in _targets(item):
                    for part in ast.walk(target):
                        if isinstance(part, ast.Name):
                            bound[part.id] = None
        owner = _owner(scope, file_classes)
        for item in nodes:
            if not (isinstance(item, ast.Attribute) and isinstance(item.ctx, ast.Load)) or item.attr in probed:
                continue
            value, made = item.value, None
            if isinstance(value, ast.Name) and value.id != "self":
                made = bound.get(value.id)
            elif isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name) and value.value.id == "self" \
                    and owner is not None:
                made = attributes.get(owner, {}).get(value.attr)
            if made is not None and (last := classes[made].get(item.attr)) is not None:
                yield item, f"{made}.{item.attr}", last


def _made(value: ast.expr, resolve, classes: dict) -> str | None:
    """The indexed torch class a call builds (``ReduceLROnPlateau(opt)``), else None."""
    if isinstance(value, ast.Call) and (qualified := resolve(value.func)) in classes:
        return qualified
    return None


def _targets(item: ast.AST) -> list[ast.AST]:
    if isinstance(item, (ast.For, ast.AsyncFor)):
        return [item.target]
    if isinstance(item, ast.With):
        return [withitem.optional_vars for withitem in item.items if withitem.optional_vars is not None]
    return [item.target]


def _owner(scope: ast.AST, file_classes: dict) -> str | None:
    """The file's class whose body holds the method ``scope``."""
    for name, node in file_classes.items():
        if scope in node.body:
            return name
    return None
