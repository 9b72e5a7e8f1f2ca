"""A checkpoint that is an instance's own attributes: ``torch.save(self.__dict__, p)``, ``torch.save(vars(self), p)``,
or a dict a method fills from them (``for key, value in self.__dict__.items(): to_save[key] = value``).

Its layout is the class's public attributes (every ``self.x = ...`` in the class), and it holds an object where one of
them is a config object: bound to one built from a config library (``DictConfig({})``, ``OmegaConf.create(...)``,
``CfgNode(...)``) or annotated as one (``self.dataset_properties: DictConfig = ...``). weights_only=True refuses it on
torch 2.15 with "Unsupported global: GLOBAL omegaconf.dictconfig.DictConfig" (run with omegaconf 2.4.0, which
registers none of its classes as safe globals), so every load of that file without weights_only=False fails, the ones
that read only a plain entry of it (``torch.load(p)["stats"]``) too.
"""

from __future__ import annotations

import ast

from .checkpoints import config_library
from .imports import dotted_name, walk_nodes

# Annotations of a config object (the classes of checkpoints.CONFIG_LIBRARIES that projects annotate with).
CONFIG_ANNOTATIONS = frozenset({"DictConfig", "ListConfig", "CfgNode", "ConfigDict", "EasyDict"})


def _own_state(node: ast.expr) -> bool:
    """``self.__dict__`` or ``vars(self)`` (a copy of either: ``dict(...)``, ``copy.deepcopy(...)``, ``.copy()``)."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "copy" and \
            not node.args:
        return _own_state(node.func.value)
    if isinstance(node, ast.Call) and len(node.args) == 1 and \
            (dotted_name(node.func) or "").rsplit(".", 1)[-1] in ("dict", "deepcopy", "copy"):
        return _own_state(node.args[0])
    if isinstance(node, ast.Attribute) and node.attr == "__dict__":
        return isinstance(node.value, ast.Name) and node.value.id == "self"
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "vars" and \
        len(node.args) == 1 and isinstance(node.args[0], ast.Name) and node.args[0].id == "self"


def _fills_from_own_state(function: ast.AST, name: str) -> bool:
    """``for key, value in self.__dict__.items(): name[key] = value`` somewhere in ``function``."""
    for loop in walk_nodes(function):
        if not (isinstance(loop, ast.For) and isinstance(loop.iter, ast.Call)
                and isinstance(loop.iter.func, ast.Attribute) and loop.iter.func.attr == "items"
                and _own_state(loop.iter.func.value)
                and isinstance(loop.target, ast.Tuple) and len(loop.target.elts) == 2):
            continue
        if any(isinstance(store, ast.Assign) and len(store.targets) == 1 and isinstance(target := store.targets[0],
               ast.Subscript) and isinstance(target.value, ast.Name) and target.value.id == name
               for store in walk_nodes(loop)):
            return True
    return False


def _config_object(value: ast.expr | None, annotation: ast.expr | None, libraries: dict[str, str]) -> bool:
    """A binding of an attribute to a config object: annotated as one, or built by a config library's class."""
    named = (dotted_name(annotation) or "") if annotation is not None else ""
    if named.rsplit(".", 1)[-1] in CONFIG_ANNOTATIONS:
        return True
    if not isinstance(value, ast.Call):
        return False
    callee = dotted_name(value.func) or ""
    head = callee.partition(".")[0]
    # DictConfig({}), OmegaConf.create(...), CfgNode(...): a name imported from a config library (OmegaConf.to_container
    # and OmegaConf.to_yaml give plain data or text)
    return head in libraries and (callee == head or callee.rsplit(".", 1)[-1] in ("create", "structured", "merge",
                                                                                   "load"))


def saved_instance_state(saved: ast.expr, save: ast.Call, owner: ast.ClassDef,
                         libraries: dict[str, str]) -> tuple[frozenset[str], str | None] | None:
    """When ``save`` (a call inside a method of ``owner``) saves the instance's own attributes: the public attribute
    names (the layout) and one that holds a config object (None: none seen). ``libraries``: local names imported from
    a config library -> that library (``{"DictConfig": "omegaconf"}``)."""
    method = next((item for item in owner.body if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))
                   and any(node is save for node in walk_nodes(item))), None)
    if method is None or not (_own_state(saved) or (
            isinstance(saved, ast.Name) and _fills_from_own_state(method, saved.id))):
        return None
    keys: set[str] = set()
    held = None
    for node in walk_nodes(owner):
        if isinstance(node, ast.Assign):
            targets, value, annotation = node.targets, node.value, None
        elif isinstance(node, ast.AnnAssign):
            targets, value, annotation = [node.target], node.value, node.annotation
        else:
            continue
        for target in targets:
            if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self" \
                    and not target.attr.startswith("_"):
                keys.add(target.attr)
                if held is None and _config_object(value, annotation, libraries):
                    held = target.attr
    return (frozenset(keys), held) if keys else None


def config_imports(tree: ast.AST) -> dict[str, str]:
    """Local names the module imports from a config library: ``from omegaconf import OmegaConf, DictConfig``."""
    found = {}
    for node in getattr(tree, "body", ()):
        if isinstance(node, ast.ImportFrom) and not node.level and (library := config_library(node.module or "")):
            found.update({alias.asname or alias.name: library for alias in node.names})
    return found
