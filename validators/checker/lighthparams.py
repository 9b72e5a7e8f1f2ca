"""What a project's own LightningModules put in their checkpoints, read off their code.

Lightning writes ``checkpoint["hyper_parameters"] = dict(model.hparams)``: what ``self.save_hyperparameters()`` took
from ``__init__`` (every parameter when called without arguments, else the ones named). A parameter holding a
config object (``config`` built by ml_collections, yacs, omegaconf; one annotated ``DictConfig``, ``CfgNode``,
``ConfigDict``) stays that object in the checkpoint, and ``weights_only=True`` refuses it with "Unsupported global"
(checked on torch 2.15); so does a parameter whose default is an instance of a class imported from a package other
than torch, Lightning and the standard library (``loss: DistributionLoss = NegativeLogLikelihood()`` from gluonts).
The keys its ``on_save_checkpoint(self, checkpoint)`` sets (``checkpoint["ema"] = ...``), and a Callback's
``on_save_checkpoint(self, trainer, pl_module, checkpoint)``, belong to the same checkpoints, so a load reading them
reads one of those files; one whose value is a standard-library object weights_only refuses (``self.task_ids`` bound to
``defaultdict(list)``: "Unsupported global: GLOBAL collections.defaultdict", run on 2.15) makes every such file refused.
"""

from __future__ import annotations

import ast
import re
import sys

from ..parsing import parse_python
from .checkpoints import is_config_name
from .imports import dotted_name, parameter_defaults, walk_nodes, walk_tree
from .loadedforms import names_object_type, refused_standard_value

# Keys of the model-states file of a DeepSpeed checkpoint, where Lightning's DeepSpeed strategy keeps its
# checkpoint (hyper-parameters included) as client state.
DEEPSPEED_KEYS = frozenset({"module", "param_shapes", "buffer_names", "ds_config", "ds_version"})


def _foreign_classes(tree: ast.AST) -> set[str]:
    """CamelCase names the file imports from a package other than torch, Lightning and the standard library
    (``from gluonts.torch.modules.loss import NegativeLogLikelihood``): classes weights_only has no entry for."""
    return {alias.asname or alias.name for node in walk_tree(tree) if isinstance(node, ast.ImportFrom) and node.module
            and not node.level and (root := node.module.partition(".")[0]) not in _ALLOWED_PACKAGES
            and root not in sys.stdlib_module_names for alias in node.names if alias.name[:1].isupper()}


_ALLOWED_PACKAGES = frozenset({"torch", "lightning", "pytorch_lightning", "typing_extensions", "__future__"})


def _init_params(init: ast.FunctionDef) -> dict[str, ast.expr | None]:
    arguments = init.args
    return {a.arg: a.annotation for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)[1:]}


def _saved_names(call: ast.Call, params: dict[str, ast.expr | None]) -> list[str]:
    """The ``__init__`` parameters a ``save_hyperparameters`` call keeps."""
    if not call.args:
        ignored = {e.value for kw in call.keywords if kw.arg == "ignore"
                   for e in (kw.value.elts if isinstance(kw.value, (ast.List, ast.Tuple)) else [kw.value])
                   if isinstance(e, ast.Constant)}
        return [name for name in params if name not in ignored]
    named = [a.value if isinstance(a, ast.Constant) else a.id if isinstance(a, ast.Name) else None for a in call.args]
    return [name for name in named if isinstance(name, str) and name in params]


def _self_save_hyperparameters(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
        node.func.attr == "save_hyperparameters" and isinstance(node.func.value, ast.Name) and \
        node.func.value.id == "self"


_HPARAMS = r"\bself\.hparams\s*=|\bself\.hparams\.update\("  # text: re compiles it when first asked


def saves_hyperparameters(code: str) -> bool:
    """The code gives a LightningModule hyper-parameters (``self.save_hyperparameters(...)`` keeping some ``__init__``
    parameter, or the old ``self.hparams = hparams``): only then does a checkpoint carry ``hyper_parameters``, where a
    config object of the project could sit. Without them a config library the project imports never reaches its
    checkpoints; nor does it through ``save_hyperparameters(ignore=(...))`` naming every parameter (mattergen's
    module, whose pytorch-lightning 2.0.6 checkpoints load with weights_only=True on torch 2.15, round 20)."""
    if "hparams" in code and re.search(_HPARAMS, code):
        return True
    if "save_hyperparameters" not in code:
        return False
    try:
        tree = parse_python(code)
    except (SyntaxError, ValueError, RecursionError):
        return True
    return any(_keeps_parameters(function, call) for function in walk_tree(tree)
               if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef))
               for call in walk_nodes(function) if _self_save_hyperparameters(call))


def _keeps_parameters(function: ast.FunctionDef | ast.AsyncFunctionDef, call: ast.Call) -> bool:
    """A ``self.save_hyperparameters`` call in ``function`` may keep something: anything but a call without
    arguments in an ``__init__`` without ``*args``/``**kwargs`` whose literal ``ignore=`` names every parameter."""
    if function.name != "__init__" or call.args or function.args.vararg or function.args.kwarg:
        return True
    return bool(_saved_names(call, _init_params(function)))


def object_hyperparameters(tree: ast.AST) -> tuple[str, bool] | None:
    """A LightningModule of the file that saves a config object as a hyper-parameter: (what, in words; whether it is
    certain: annotated with an object type, rather than named like a config, which is an object only where the
    project imports a config library)."""
    found: tuple[str, bool] | None = None
    foreign: set[str] | None = None
    for cls in (node for node in walk_tree(tree) if isinstance(node, ast.ClassDef)):
        init = next((f for f in cls.body if isinstance(f, ast.FunctionDef) and f.name == "__init__"), None)
        if init is None:
            continue
        params = _init_params(init)
        for call in walk_nodes(init):
            if not _self_save_hyperparameters(call):
                continue
            for name in _saved_names(call, params):
                where = f"{cls.name}.__init__ saves {name!r} with save_hyperparameters (line {call.lineno})"
                if names_object_type(params[name]):
                    return where, True
                # `loss: DistributionLoss = NegativeLogLikelihood()`: an instance of a third-party class by default
                default = parameter_defaults(init.args).get(name)
                if isinstance(default, ast.Call) and isinstance(default.func, ast.Name) and default.func.id in (
                        foreign := _foreign_classes(tree) if foreign is None else foreign):
                    return f"{where}, by default a {default.func.id} instance", True
                if params[name] is None and is_config_name(ast.Name(name)) and found is None:
                    found = (where, False)
    return found


def checkpoint_keys_set(tree: ast.AST) -> set[str]:
    """Keys ``on_save_checkpoint(self, checkpoint)`` methods set: ``checkpoint["ema"] = self.ema.state_dict()``."""
    return {key for key, _, _ in _checkpoint_stores(tree)}


def object_keys_set(tree: ast.AST) -> dict[str, int]:
    """Keys on_save_checkpoint stores a refused standard-library object under (key -> line of the store): one built
    there (``defaultdict(list)``), or ``self.x`` where some binding of that attribute in the class builds one and
    every other is None or an item read back (``self.x = checkpoint.get("x")``, on_load_checkpoint's restore)."""
    found = {}
    for cls in (node for node in walk_tree(tree) if isinstance(node, ast.ClassDef)):
        stores = list(_checkpoint_stores(cls))
        if not stores:
            continue
        bound: dict[str, list[ast.expr]] = {}
        for node in walk_nodes(cls):
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and \
                            target.value.id == "self":
                        bound.setdefault(target.attr, []).append(node.value)
        for key, value, line in stores:
            values = bound.get(value.attr, []) if isinstance(value, ast.Attribute) and isinstance(
                value.value, ast.Name) and value.value.id == "self" else [value]
            built = [v for v in values if _refused_standard(v)]
            if built and all(v in built or (isinstance(v, ast.Constant) and v.value is None) or isinstance(
                    v, ast.Subscript) or (isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute)
                                          and v.func.attr == "get") for v in values):
                found.setdefault(key, line)
    return found


def _refused_standard(value: ast.expr) -> bool:
    callee = dotted_name(value.func) if isinstance(value, ast.Call) else None
    return callee is not None and refused_standard_value(callee, callee.rsplit(".", 1)[-1])


# Names a config object (or a Namespace holding one) goes by, any part of a stored value's dotted name.
_CONFIG_PARTS = frozenset({"config", "cfg", "conf", "configs", "hparams", "hyperparams", "hyper_parameters", "args",
                           "opt", "opts", "options", "settings", "namespace"})


def config_keys_set(tree: ast.AST) -> set[str]:
    """The keys of those whose stored value may hold a config (``checkpoint["cfg"] = self.cfg``; a local name or
    a function's result, which may be anything): the only way an on_save_checkpoint brings a config object into
    the file. Attributes of ``self`` named otherwise (``checkpoint["trainer_stage"] = self.trainer.state.stage.value``,
    ``checkpoint["category"] = self.model.category``) and constants bring none."""
    return {key for key, value, _ in _checkpoint_stores(tree) if any(
        isinstance(node, ast.Name) and node.id != "self" or isinstance(node, ast.Attribute) and node.attr in
        _CONFIG_PARTS or isinstance(node, ast.FunctionDef) for node in walk_nodes(value))}


def _checkpoint_stores(tree: ast.AST):
    """(key, value, line) of ``checkpoint[key] = value`` in ``on_save_checkpoint(self, checkpoint)`` methods (a
    LightningModule's) and ``on_save_checkpoint(self, trainer, pl_module, checkpoint)`` (a Callback's: the checkpoint
    is the last parameter in both); the value is the method itself where the store is no plain assignment
    (``checkpoint[k], x = ...``): it may be anything."""
    for method in (node for node in walk_tree(tree) if isinstance(node, ast.FunctionDef)
                   and node.name == "on_save_checkpoint" and len(node.args.args) >= 2):
        target = method.args.args[-1].arg
        values = {id(stored): node.value for node in walk_nodes(method) if isinstance(node, ast.Assign)
                  for stored in node.targets}
        for node in walk_nodes(method):
            if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store) and \
                    isinstance(node.value, ast.Name) and node.value.id == target and \
                    isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str):
                yield node.slice.value, values.get(id(node), method), node.lineno
