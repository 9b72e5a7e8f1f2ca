"""Modules built into a name the file never reads: ``self.Softmax = nn.Softmax()`` with its only call
commented out.

Some rules (``warns_in_forward``) report building a module whose warning comes from its forward, not its constructor:
``nn.Softmax()`` without dim is silent until called ("Implicit dimension choice for softmax has been
deprecated", run on 2.15). Such a module bound to ``self.attr`` (or a class attribute), or to a function's local
name, is a finding only once the file reads that name: called, handed to ``nn.Sequential``, returned. One bound at
a module's top level counts as read where another file of the project spells its name (it may import it). A module
the file iterates over its children (``self.children()``, ``self._modules``) may be called without its name. One
built as ``self.attr`` counts as read where its class (a subclass or base class in the file) reads ``self.attr``, or the file
reads ``.attr`` on another object (``model.logsoftmax(x)``): another class of the file reading its own ``self.attr``
of the same name does not call this one.
"""

from __future__ import annotations

import ast
import os
import re
from functools import lru_cache
from typing import Callable

from .imports import walk_nodes, walk_tree
from .torchstores import project_folder, python_files_texts

# (not modules()/named_modules(): they list the module itself first, so a loop over them initialises weights, it does
# not call each one in turn)
_BY_ITERATION = frozenset({"children", "named_children", "_modules"})
_ANY_LOCAL = frozenset({"locals", "eval", "exec", "vars"})


def built_name(target: ast.AST, value: ast.expr, module_level: bool) -> str | None:
    """The name a constructor call ``value`` is bound to: ``self.attr`` -> attr, a local name; None at module level
    (another module may import it: :func:`unread_elsewhere` asks) and for any other target."""
    if not isinstance(value, ast.Call):
        return None
    if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self":
        return target.attr
    if isinstance(target, ast.Name) and not module_level:
        return target.id
    return None


def unread_elsewhere(filename: str | None, name: str) -> bool:
    """Whether no other Python file of ``filename``'s project spells ``name`` (a script's module-level
    ``temp_softmax = nn.Softmax()`` that nothing imports); False where the project cannot be read."""
    folder = project_folder(filename)
    return folder is not None and not _spelled_in_folder(folder, name, os.path.abspath(filename))


@lru_cache(maxsize=256)
def _spelled_in_folder(folder: str, name: str, besides: str) -> bool:
    word = re.compile(rf"\b{re.escape(name)}\b")
    for path, text in python_files_texts(folder):
        if text is None:
            return True  # not a project: assume another module reads it
        if path != besides and name in text and word.search(text):
            return True
    return False


def reads_name(function: ast.AST, name: str) -> bool:
    """Whether the function that binds the local ``name`` (``sm = nn.Softmax()``) reads it, in its own body or a
    nested one; ``locals()``, ``eval`` and ``exec`` may read any local."""
    return any((node.__class__ is ast.Name and (node.id == name and node.ctx.__class__ is ast.Load
                                                or node.id in _ANY_LOCAL)) for node in walk_nodes(function))


def read_names(tree: ast.AST, resolve: Callable[[ast.AST], str | None]) -> set[str] | None:
    """Every name and attribute the file reads (not a torch name: ``nn.Softmax`` reads no ``self.Softmax``), and
    every string it holds (``getattr(self, "softmax")``); None when it reaches modules through their parent's
    children, where any built module may be called."""
    found = reads_split(tree, resolve)
    return None if found is None else found[0]


def reads_split(tree: ast.AST, resolve: Callable[[ast.AST], str | None]) -> tuple[set[str], set[str]] | None:
    """read_names, and the same without the attributes read on ``self`` (a class's own reads are asked class by
    class, listednames.reads_own_attribute), from one walk."""
    if _calls_children(tree):
        return None
    read: set[str] = set()
    on_self: set[str] = set()
    for node in walk_tree(tree):
        if isinstance(node, ast.Name) and node.ctx.__class__ is ast.Load:
            read.add(node.id)
        elif isinstance(node, ast.Attribute) and node.ctx.__class__ is ast.Load:
            if isinstance(node.value, ast.Name) and node.value.id == "self":
                on_self.add(node.attr)  # (self.<attr> is never a torch name)
            elif resolve(node) is None:
                read.add(node.attr)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            read.add(node.value)
    return read | on_self, read

def _calls_children(tree: ast.AST) -> bool:
    """A loop over ``self.children()`` / ``._modules`` that calls what it iterates (``for layer in
    self.children(): x = layer(x)``), or such an iteration handed on whole (``nn.Sequential(*self.children())``); not
    pytorch-pretrained-BERT's state-dict walk (``for name, child in module._modules.items(): load(child, ...)``)."""
    for node in walk_tree(tree):
        if not (isinstance(node, ast.Attribute) and node.attr in _BY_ITERATION):
            continue
        loops = [loop for loop in walk_tree(tree) if isinstance(loop, (ast.For, ast.comprehension))
                 and any(inner is node for inner in walk_nodes(loop.iter))]
        if not loops:
            return True  # handed on some other way: any child may be called
        for loop in loops:
            names = {target.id for target in walk_nodes(loop.target) if isinstance(target, ast.Name)}
            body = loop.body if isinstance(loop, ast.For) else []
            if isinstance(loop, ast.comprehension) or any(
                    isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id in names
                    for statement in body for call in walk_nodes(statement)):
                return True
    return False

