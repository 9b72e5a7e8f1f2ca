"""torch.save and torch.load evidence for the walker: what a file saves (the layout of the dict, a whole module, a
library's checkpoint, through a project's writer), which loads read the same path as a whole object, and the
findings of rules with ``unless_file_uses`` dropped once the file is seen to use one of those APIs. The
project-wide pass (checkpoints.py) decides the loads from this evidence.
"""

from __future__ import annotations

import ast
import os
import re

from .flatinputs import calls_conv_helper, flat_applied_lines, imports_conv_module, mapped_lines
from .configpaths import loaded_constant
from .optionpaths import loaded_option
from .imports import dotted_name, own_statements, walk_nodes, walk_tree
from .instancestate import config_imports, saved_instance_state
from .ckptfile import loaded_path
from .checkpoints import (READER_ARGUMENTS, READER_PATHS, READERS, WRITERS, is_config_name,
                          saved_path, writer_passes_object, writes_framed_pickle)
from .loadedforms import is_model_name, is_namespace, is_object_value
from .numpylr import optimizer_state
from .returns import any_returns_object

# Calls that return a run's argparse Namespace (``parser.parse_args()``, a project's ``get_args()``).
_PARSED_OPTIONS = frozenset({"parse_args", "get_args", "parse_arguments"})


def _own_packages(filename: str) -> set[str]:
    """The packages a file on disk belongs to (folders with ``__init__.py`` above it): ``gpytorch/mlls/x.py``
    is part of ``gpytorch`` and ``gpytorch.mlls``, whose names it reaches by relative imports."""
    if not os.path.isfile(filename):
        return set()  # source passed as text (check_source's "<code>")
    folder = os.path.dirname(os.path.abspath(filename))
    parts: list[str] = []
    for _ in range(32):  # a deeper package is left alone
        if not os.path.isfile(os.path.join(folder, "__init__.py")):
            break
        parts.insert(0, os.path.basename(folder))
        folder = os.path.dirname(folder)
    return {".".join(parts[:i]) for i in range(1, len(parts) + 1)}


def _imported_modules(tree: ast.AST) -> set[str]:
    """Every module an import statement in the file loads: ``import a.b.c`` loads a.b and a.b.c,
    ``from a.b import c`` loads a.b and (when c is a submodule) a.b.c."""
    loaded = set()
    for node in walk_tree(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        for name in names:
            parts = name.split(".")
            loaded.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
    return loaded


def _own_function_called(saved: ast.expr, provenance, scope: int) -> str | None:
    """``metrics, best = evaluate(...)`` (or ``metrics = evaluate(...)``) then ``torch.save(metrics, p)``: ``evaluate#0``
    (``evaluate``) when the name's last binding in this scope is that call of a plain function of the file; or
    ``valid_result = self._eval_epoch(epoch)``, a method of the class given arguments (``_eval_epoch``)."""
    if not isinstance(saved, ast.Name) or not (bound := provenance.bindings.get((scope, saved.id))):
        return None
    value, position, _ = bound[-1]
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in provenance.functions:
        return value.func.id if position is None else f"{value.func.id}#{position}"
    if isinstance(value, ast.Call) and (value.args or value.keywords) and position is None and \
            isinstance(value.func, ast.Attribute) and isinstance(value.func.value, ast.Name) and \
            value.func.value.id == "self":
        return value.func.attr
    return None


def _own_method_called(saved: ast.expr, bound: dict, scope: int) -> str | None:
    """``self.state_dict()``, or a name bound to it in this scope (``states = self.state_dict()``): the method of
    the file's own class whose result is saved."""
    if isinstance(saved, ast.Name):
        saved = bound.get((scope, saved.id))
    if isinstance(saved, ast.Call) and not saved.args and not saved.keywords and \
            isinstance(saved.func, ast.Attribute) and isinstance(saved.func.value, ast.Name) and \
            saved.func.value.id == "self":
        return saved.func.attr
    return None


class SaveEvidence:
    def _same_path_key(self, call: ast.Call) -> tuple[int, str, tuple[int, ...]] | None:
        """A load's path as written, in its function: two loads with the same key read the same file. None in a
        try statement: ``try: net = torch.load(p) except ...: net.load_state_dict(torch.load(p))`` takes either."""
        path = self.loads.load_handles.get(id(call)) or loaded_path(call)  # with open(p) as f: torch.load(f) reads p
        if path is None or isinstance(path, ast.Constant) or id(call) in self.try_loads:
            return None  # a literal path is decided by the committed file, if any (ckptfile.py)
        scope = self.scope_of.get(id(call), 0)
        return scope, ast.dump(path, annotate_fields=False, include_attributes=False), self._binding_loops(call, path, scope)

    def _binding_loops(self, call: ast.Call, path: ast.expr, scope: int) -> tuple[int, ...]:
        """The ``for`` statements around ``call`` that bind a name its path reads: ``for f in checkpoints:
        torch.load(str(f))`` and ``for f in state_dict_files: torch.load(str(f))`` read different files."""
        names = {node.id for node in walk_nodes(path) if isinstance(node, ast.Name)}
        holder = self.scope_nodes.get(scope, self.tree)
        if not names or holder is None:
            return ()
        return tuple(id(loop) for loop in own_statements(holder) if isinstance(loop, (ast.For, ast.AsyncFor))
                     and loop.lineno <= call.lineno <= (loop.end_lineno or loop.lineno)
                     and names & {node.id for node in walk_nodes(loop.target) if isinstance(node, ast.Name)})

    def _exclusive(self, one: ast.Call, other: ast.Call) -> bool:
        """The two loads sit in different branches of one if or match: they never run together."""
        branches = dict(self.load_branches.get(id(one), ()))
        return any(statement in branches and branches[statement] != index
                   for statement, index in self.load_branches.get(id(other), ()))

    def _paths_loaded_as_objects(self, waiting) -> dict[tuple[int, str, tuple[int, ...]], list[ast.Call]]:
        """The paths of the loads in a function whose result is used as a whole object (``net = torch.load(p);
        net.eval()``): another load of the same path there (``net.load_state_dict(torch.load(p))`` on the CPU
        branch) reads the same pickled module, and weights_only refuses it just the same."""
        found: dict[tuple[int, str], list[ast.Call]] = {}
        if len(waiting) < 2 or self.loads.writes_state_dicts_only():
            return found
        for call, _, rules in waiting:
            if any(rule.when == "loads-pickled-object" for rule in rules) and self.loads.is_object(call) and (
                    key := self._same_path_key(call)) is not None:
                found.setdefault(key, []).append(call)
        return found

    def _drop_where_the_file_uses(self, tree: ast.AST) -> None:
        """Findings of rules with ``unless_file_uses`` / ``unless_file_imports``: gone when the file names one
        of those APIs, or imports one of those modules. The extra walk happens only in files that have such
        a finding."""
        wanted = {name for rule in self.conditional.values() for name in rule.unless_file_uses}
        used = {qualified for node in walk_tree(tree) if isinstance(node, (ast.Attribute, ast.Name))
                and (qualified := self._resolve(node)) in wanted} if wanted else set()
        if "torch.nn.Conv2d" in wanted - used and (calls_conv_helper(tree, self._resolve) or (
                self.filename and imports_conv_module(tree, self.filename))):
            used.add("torch.nn.Conv2d")  # `layers = [conv_layer(ni, nf), nn.Dropout2d(p)]` (flatinputs.py)
        if any(rule.unless_file_imports for rule in self.conditional.values()):
            used |= _imported_modules(tree)
            used |= _own_packages(self.filename)  # gpytorch's own files use gpytorch by relative imports
        flat: set[int] | None = None
        name_apis = frozenset(api for rule in self.conditional.values() if rule.kind == "name" for api in rule.apis)
        # applied only to values unsqueezed to 4-D (a text model's spatial dropout): quiet whatever the file builds
        mapped = mapped_lines(tree, self._resolve, name_apis) if name_apis else set()
        for key, rule in self.conditional.items():
            if rule.kind == "name" and key[0] in mapped:
                self._drop_conditional(key, rule)
                continue
            if rule.kind == "name" and used.intersection(rule.unless_file_uses):
                # the file's 2-D convolutions say 4-D maps, but this module is applied to a flattened value
                if flat is None:
                    flat = flat_applied_lines(tree, self._resolve, frozenset(
                        api for rule in self.conditional.values() if rule.kind == "name" for api in rule.apis))
                if key[0] in flat:
                    continue
            if used.intersection(rule.unless_file_uses) or used.intersection(rule.unless_file_imports):
                self._drop_conditional(key, rule)

    def _drop_conditional(self, key, rule) -> None:
        self.findings.pop(key, None)
        self.fixable.pop((key[0], key[1] - 1, rule.id), None)  # nothing to fix where nothing is reported
        for name, unread in self.unread_imports.items():
            self.unread_imports[name] = [(k, finding) for k, finding in unread if k != key]

    def _note_saved(self, node: ast.Call, api: str | None) -> None:
        """A saved checkpoint layout (``{"model": ..., "args": args}``), or plain content written to a .ckpt."""
        if api != "torch.save" and self._own_torch_saver(node):
            api = "torch.save"  # save_model(state, ...) whose body is torch.save(state, out): it pickles what it is given
        saved = self.loads.saved_dict(node.args[0], self.scope)
        if saved is None and api != "torch.save":
            # save_checkpoint(args.network, {"state_dict": ..., "val_loss": v}, is_best, out_dir): a helper given the
            # checkpoint as a dict display after a leading name or flag
            saved = next((arg for arg in node.args[1:] if arg.__class__ is ast.Dict), None)
        if saved is not None and api == "torch.save" and writes_framed_pickle(node) and (keys := frozenset(
                key.value for key in saved.keys if isinstance(key, ast.Constant) and isinstance(key.value, str))):
            self.evidence.framed_layouts.append((keys, node.lineno))
        if saved is not None:
            self._note_saved_layout(saved, node, api, self.scope,
                                    self.loads.file_name(path, self.scope) if (path := saved_path(node)) else None)
        elif api == "torch.save" and isinstance(node.args[0], (ast.List, ast.Tuple)):
            self._note_saved_sequence(node.args[0], node)
        elif api == "torch.save" and isinstance(node.args[0], ast.Name) and (
                listed := self.loads.list_display(node.args[0].id, self.scope)) is not None:
            self._note_saved_sequence(listed, node)  # ckpt = (model.state_dict(), optimizer.state_dict(), args)
        elif api == "torch.save" and (stored := self._saved_keywords(node.args[0])) is not None:
            # save_state(self, target, name, **kwargs): kwargs["properties"] = ...; torch.save(kwargs, f): the entries
            # stored here and whatever the method's callers pass by keyword (a subclass's super().save_state(...))
            self._note_saved_layout(stored, node, api, self.scope)
            self.evidence.open_lines.add(node.lineno)
        elif api == "torch.save" and self.class_nodes and self.evidence.config_library and (
                state := saved_instance_state(node.args[0], node, self.class_nodes[-1], config_imports(self.tree))):
            # the instance's own attributes (self.__dict__), a config object among them (instancestate.py)
            if state[1] is not None:
                self.evidence.state_layouts.append((state[0], node.lineno, state[1]))
        elif (method := _own_method_called(node.args[0], self.loads.path_exprs, self.scope)) is not None:
            self.method_saves.append((method, node, api))
        elif (function := _own_function_called(node.args[0], self.loads.provenance, self.scope)) is not None:
            self.method_saves.append((function, node, api))
            self.function_saves.add(function)
            self.scope_of_save[id(node)] = self.scope
        # the path, or the file a `with open(path, "wb") as f` handle writes (torch.save(sd, f))
        if api == "torch.save" and self.loads.is_ckpt_path(self.loads.opened_path(saved_path(node), self.scope),
                                                           self.scope) and not (
                self.loads.holds_object(node.args[0], self.scope)
                or (saved is not None and any(self.loads.holds_object(v, self.scope) for v in saved.values))):
            self.evidence.plain_ckpt_saves = True

    def _own_torch_saver(self, call: ast.Call) -> bool:
        """``save_model(state, mark="init")`` calling the file's one module-level ``def save_model(state, ...)``, whose
        own body hands that first parameter, as it is, to ``torch.save``: unlike a library's save helper (fabric's,
        accelerate's), it keeps a module as a module."""
        if not isinstance(call.func, ast.Name):
            return False
        if (known := self.own_savers.get(call.func.id)) is None:
            defined = [node for node in getattr(self.tree, "body", ())
                       if isinstance(node, ast.FunctionDef) and node.name == call.func.id]
            known = len(defined) == 1 and bool(params := defined[0].args.args) and any(
                isinstance(node, ast.Call) and self._resolve(node.func) == "torch.save" and node.args
                and isinstance(node.args[0], ast.Name) and node.args[0].id == params[0].arg
                for node in walk_nodes(defined[0])) and not any(
                isinstance(node, (ast.Assign, ast.AugAssign)) and any(
                    isinstance(target, ast.Name) and target.id == params[0].arg
                    for target in (node.targets if isinstance(node, ast.Assign) else [node.target]))
                for node in walk_nodes(defined[0]))
            self.own_savers[call.func.id] = known
        return known

    def _note_saved_sequence(self, saved: ast.List | ast.Tuple, node: ast.Call) -> None:
        """``torch.save([self.net.state_dict(), self.running_state], p)``: a list a load elsewhere unpacks item by
        item (``net_sd, filters = torch.load(p)``); it holds an object when an item does, here or as what another
        module's callable (or class attribute: ``self.o_norm.mean``) gives (decided by the project)."""
        if any(isinstance(item, ast.Starred) for item in saved.elts):
            return
        name = self.loads.file_name(path, self.scope) if (path := saved_path(node)) else None
        size = len(saved.elts)
        if any(self.loads.holds_object(item, self.scope) for item in saved.elts):
            self.evidence.object_sequences.append((size, node.lineno, name, True))
        elif drawn := tuple((position, ref) for position, item in enumerate(saved.elts)
                            if (ref := self.loads.value_ref(item, self.scope)) is not None):
            self.evidence.object_sequences.append((size, node.lineno, name, drawn))
        else:
            self.evidence.plain_sequences.append((size, name))

    def _saved_keywords(self, saved: ast.expr) -> ast.Dict | None:
        """The dict a method saves when it saves its own ``**kwargs`` name with entries stored into it by key: those
        entries, and one (``**kwargs``) holding the keywords its callers pass."""
        method = self.loads.provenance.keyword_methods.get(self.scope)
        if method is None or not isinstance(saved, ast.Name) or saved.id != method[1] or \
                not (stored := self.loads.item_stores.get((self.scope, saved.id))):
            return None
        return ast.Dict(keys=[*(ast.Constant(key) for key, _ in stored), ast.Constant(f"**{saved.id}")],
                        values=[*(value for _, value in stored), saved])

    def _note_saved_layout(self, saved: ast.Dict, node: ast.Call, api: str | None, scope: int,
                           saved_name: str | None = None) -> None:
        """The layout of a saved dict, its values read in ``scope`` (where the dict is built); ``saved_name``: the
        file name the save's path spells out."""
        # helpers (fabric.save, accelerator.save) turn modules into state_dicts, not a Namespace
        built = self.loads.plain_built.get(scope, set())  # `cfg = vars(args)`: a plain dict, no object
        # model, cfg = load_converted(p): a function of the file returns a plain dict there
        returned = {value.id for value in saved.values if isinstance(value, ast.Name) and is_config_name(value)
                    and self.loads.returns_plain_dict(value.id, scope)}
        built = built | returned if returned else built
        # self.config bound to a plain dict in another method (__init__): plain too (LoadedObjects.plain_attribute)
        if attributes := {name for value in saved.values if is_config_name(value) and (
                name := dotted_name(value) or "").startswith("self.") and self.loads.plain_attribute(name, scope)}:
            built = built | attributes
        # `text_encoder_model: str`, a parameter the function never rebinds: a name or a number, whatever it is called
        scalars = {name for name in self.loads.annotated_plain.get(scope, ())
                   if not self.loads.provenance.bindings.get((scope, name))}
        built = built | scalars if scalars else built
        subscripted = self._read_as_dict(saved)
        built = built | subscripted if subscripted else built
        holds = is_object_value if api == "torch.save" else is_namespace
        where = self.loads.value_scopes  # entries stored into the dict in another scope are read there
        # `model = self.state_dict()` before `{"model": model}`: tensors, whatever the name says
        if state_dicts := {value.id for value in saved.values if isinstance(value, ast.Name)
                           and self.loads.holds_state_dict(value, where.get(id(value), scope))}:
            built = built | state_dicts
        if api == "torch.save" and scope in self.loads.methods and (merged := self._merged_parameters(saved, scope)):
            # save(self, fname, other_items=None): the dict holds what the method's callers pass there (provenance.py)
            for parameter in merged:
                self.loads.provenance.merged[(scope, parameter)] = f"{self.loads.methods[scope][0]}:{parameter}"
            saved = ast.Dict(keys=[*saved.keys, *(ast.Constant(f"**{parameter}") for parameter in merged)],
                             values=[*saved.values, *(ast.Name(parameter, ast.Load()) for parameter in merged)])
        self.evidence.note_saved_dict(
            saved, node.lineno, lambda value: holds(value) and dotted_name(value) not in built,
            lambda value: is_config_name(value) and dotted_name(value) not in built,
            lambda value: api == "torch.save" and not (isinstance(value, ast.Name) and value.id in scalars | returned)
            and not (subscripted and dotted_name(value) in subscripted)
            and self.loads.holds_object(value, where.get(id(value), scope)),
            lambda value: self.loads.value_refs(value, where.get(id(value), scope)) if api == "torch.save" else (),
            (scope, api != "torch.save", self._runs_once(node, scope)), saved_name,
            lambda value: self.loads.conditional_values.get(id(value)))
        if id(saved) in self.loads.open_dicts:
            self.evidence.open_lines.add(node.lineno)

    def _read_as_dict(self, saved: ast.Dict) -> set[str]:
        """Saved values named like a Namespace (``'config': self.opt``) that the file reads by string key
        (keyed_namespaces)."""
        return {dotted for value in saved.values if (dotted := dotted_name(value)) and is_object_value(value)
                and not is_model_name(dotted.rsplit(".", 1)[-1]) and self.loads.read_by_key(value)}

    def _merged_parameters(self, saved: ast.Dict, scope: int) -> list[str]:
        """The method's parameters whose entries the saved dict takes: ``{**other_items}``, or ``checkpoint[k] = v``
        in ``for k, v in other_items.items()``."""
        params = self.loads.params.get(scope, set()) - {"self"}
        looped = {target.elts[1].id: iterable.func.value.id for target, iterable, where in self.loads.loop_nodes
                  if where == scope and isinstance(target, ast.Tuple) and len(target.elts) == 2
                  and isinstance(target.elts[1], ast.Name) and isinstance(iterable, ast.Call)
                  and isinstance(iterable.func, ast.Attribute) and iterable.func.attr == "items"
                  and isinstance(iterable.func.value, ast.Name) and iterable.func.value.id in params}
        found = []
        for key, value in zip(saved.keys, saved.values):
            if not isinstance(value, ast.Name) or isinstance(key, ast.Constant):
                continue
            parameter = value.id if key is None and value.id in params else looped.get(value.id) if key else None
            if parameter is not None and parameter not in found:
                found.append(parameter)
        return found

    def _keyword_source(self, value: ast.expr, scope: int):
        """What a keyword passed to a project saver holds: True where it is numpy or an object, or a dict holding
        one (``other_items={"args": args, "best": np.sqrt(v)}``); else where it comes from (provenance.py)."""
        display = self.loads.saved_dict(value, scope)
        if display is None:
            return self._saved_source(value, (scope, False))
        if any(is_object_value(entry) or self.loads.holds_object(entry, scope) for entry in display.values):
            return True
        return next((found for entry in display.values if (found := self._saved_source(entry, (scope, False)))), None)

    def _loaded_constant(self, call: ast.Call) -> str | None:
        """The upper-case config attribute a load's path is, directly or through a local name (configpaths.py)."""
        return loaded_constant(*self._path_bindings(call))

    def _loaded_option(self, call: ast.Call) -> str | None:
        """The command-line option a load's path is (``args.vocab_file``), directly or through a local name
        (optionpaths.py)."""
        return loaded_option(*self._path_bindings(call))

    def _path_bindings(self, call: ast.Call) -> tuple[ast.expr | None, list[ast.expr]]:
        """A load's path, and the values its function binds it to where it is a plain name."""
        path = loaded_path(call)
        scope = self.scope_of.get(id(call), 0)
        bound = [value for value, position, _ in self.loads.provenance.bindings.get((scope, path.id), ())
                 if position is None] if isinstance(path, ast.Name) else []
        return path, bound

    def _runs_once(self, node: ast.Call, scope: int) -> int | None:
        """The save's line when no loop of its own function (or module) holds it: a local binding further down
        cannot reach it then (``orig_ts = torch.from_numpy(orig_ts)`` after the save); None inside a loop."""
        holder = self.scope_nodes.get(scope, self.tree)
        if not hasattr(holder, "body") or isinstance(holder, ast.ClassDef):
            return None
        if holder is not self.tree and not holder.lineno <= node.lineno <= holder.end_lineno:
            return None  # the dict a method returns, saved by its caller: every binding in the method reaches it
        for statement in own_statements(holder):
            if isinstance(statement, (ast.For, ast.AsyncFor, ast.While)) and \
                    statement.lineno <= node.lineno <= (statement.end_lineno or statement.lineno):
                return None
        return node.lineno

    def _saved_source(self, value: ast.expr, context: tuple[int, bool]):
        """Where a value of a saved dict comes from, by every binding of the file (provenance.py). ``best["auc"]``
        of a dict display the function binds reads the entries stored under that key (``best["auc"] = mean_auc``):
        numpy as soon as one is."""
        if self.loads.numpy_lr and optimizer_state(value):
            return True  # an optimizer state dict holding the project's NumPy learning rate: a helper keeps it as is
        scope = self.loads.value_scopes.get(id(value), context[0])
        before = context[2] if len(context) > 2 and scope == context[0] else None
        if any(self.loads.provenance.source(entry, scope, self.loads.call_ref, self._returns_numpy, before) is True
               for entry in self._stored_entries(value, scope)):
            return True
        return self.loads.provenance.source(value, scope, self.loads.call_ref, self._returns_numpy, before)

    def _stored_entries(self, value: ast.expr, scope: int) -> list[ast.expr]:
        """For ``best["auc"]`` of a dict display the function binds, the values stored under that key (loaded.py
        appends ``best["auc"] = v`` to the display); asked of provenance each, not read this way again (an entry
        may be ``best["auc"]`` itself)."""
        if not (isinstance(value, ast.Subscript) and isinstance(value.value, ast.Name) and
                isinstance(value.slice, ast.Constant) and isinstance(value.slice.value, str)):
            return []
        display = self.loads.dicts.get((scope, value.value.id))
        return [] if display is None else [entry for key, entry in zip(display.keys, display.values)
                                           if isinstance(key, ast.Constant) and key.value == value.slice.value]

    def _returns_numpy(self, name: str) -> bool:
        """The file's own function ``name``, ``Class.name`` or a method ``name`` of one of its classes returns numpy,
        an instance of one of its classes or a Namespace (returns.py); only the functions so named are read."""
        if self.own_returns is None:
            self.own_returns = {}
        if name not in self.own_returns:
            body = getattr(self.tree, "body", ())
            owner, _, method = name.rpartition(".")
            functions = [node for node in body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
                         and node.name == name] if not owner else []
            functions += [item for node in body if isinstance(node, ast.ClassDef) and node.name == (owner or node.name)
                          for item in node.body if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))
                          and item.name == method]
            self.own_returns[name] = bool(functions) and any_returns_object(self.tree, functions)
        return self.own_returns[name]

    def _note_writer(self, node: ast.Call) -> None:
        """``utils.CheckpointSaver(model, optimizer, args=args)``: a library writer whose checkpoints hold an object."""
        dotted = dotted_name(node.func)
        head, _, rest = (dotted or "").partition(".")
        if head not in self.writer_imports:
            return
        qualified = f"{self.writer_imports[head]}.{rest}" if rest else self.writer_imports[head]
        writer = WRITERS.get(qualified)
        if writer is not None and writer_passes_object(node, writer[3]):
            name, keys, held, _ = writer
            self.evidence.writer_layouts.append((keys, node.lineno, held, name))
        if qualified in READER_PATHS:  # k2.Fsa.from_dict(torch.load(hlg)): only a file the path names as one
            for value in (*node.args, *(kw.value for kw in node.keywords)):
                if isinstance(value, ast.Call) and self._resolve(value.func) == "torch.load" and value.args and \
                        re.search(READER_PATHS[qualified], ast.unparse(value.args[0])):
                    self.loads.object_calls.add(id(value))
        elif qualified in READER_ARGUMENTS:  # only the argument that takes the layout (fair-esm's model_data)
            keyword, position = READER_ARGUMENTS[qualified]
            value = next((kw.value for kw in node.keywords if kw.arg == keyword), None)
            if value is None and len(node.args) > position and \
                    not any(isinstance(arg, ast.Starred) for arg in node.args[:position + 1]):
                value = node.args[position]
            if value is not None:
                self._note_library_checkpoint(value)
        elif qualified in READERS:  # fairseq's loader handed a loaded checkpoint: its layout holds objects
            for value in (*node.args, *(kw.value for kw in node.keywords)):
                self._note_library_checkpoint(value)

    def _note_library_checkpoint(self, value: ast.expr) -> None:
        """``load_model_ensemble_and_task({path: ckpt})``, ``(..., state=ckpt)``, or a name bound to such a display:
        the loads bound to those names hold the library's layout."""
        if isinstance(value, ast.Name) and (display := self.loads.dicts.get((self.scope, value.id))) is not None:
            value = display
        if isinstance(value, ast.Dict):
            items = value.values
        elif isinstance(value, (ast.List, ast.Tuple)):
            items = value.elts
        else:
            items = [value]
        for item in items:
            if isinstance(item, ast.Name):
                self.loads.object_names.add((self.scope, item.id))

    def _loads_namespace(self, call: ast.Call) -> bool:
        """``torch.load(args, ...)`` after ``args = parser.parse_args()`` (or ``get_args()``): the run's options
        passed as the file, a project bug that raises AttributeError ('Namespace' object has no attribute 'seek')
        on every torch before anything is unpickled; no weights_only claim holds for it."""
        path = loaded_path(call)
        bound = self.loads.provenance.bindings.get((self.scope, path.id), ()) if isinstance(path, ast.Name) else ()
        return bool(bound) and all(
            position is None and isinstance(value, ast.Call) and
            (dotted_name(value.func) or "").rsplit(".", 1)[-1] in _PARSED_OPTIONS for value, position, _ in bound)
