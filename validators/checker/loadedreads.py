"""How the walk records the reads of a load result: calls on it, items, keys, attributes, comparisons.

A mixin of ``LoadedObjects`` (loaded.py), which holds the state it reads and writes."""

from __future__ import annotations

import ast
import re

from .imports import dotted_name, walk_nodes
from .provenance import NUMPY_MODULES
from .runnerckpt import TRAINING_STATE_KEYS
from .loadedforms import (CHILD_PROCESS, CONFIG_CLASS, CONFIG_KEY, DICT_METHODS, IN_PLACE_ON_MODULES, NAMESPACE_KEYS,
    NUMPY_CHECK, NUMPY_TO_TENSORS, OBJECT_KEYS, OBJECT_SIGNALS, OMEGACONF_OBJECT_CALLS, SETS_MODULE, dict_display,
    foreign_read, is_model_name, is_object_value, loaded_value_attributes, names_script_module, passed_path,
    string_key)


class ResultReads:
    def _note_built_item(self, call: ast.Call, scope: int) -> None:
        """``examples.append(InputExample(...))`` (or of a name bound to one, or ``.extend`` of a list of them): the
        list holds what the file builds, so the cache it is saved to (``torch.save(examples, cached_file)``, read back
        by ``torch.load(cached_file)`` above) holds the project's objects: Unsupported global on 2.15."""
        if len(call.args) != 1 or call.keywords or (name := dotted_name(call.func.value)) is None or \
                name.count(".") > 1 or (name.count(".") == 1 and not name.startswith("self.")):
            return
        item = call.args[0]
        if call.func.attr == "extend":
            built = isinstance(item, (ast.ListComp, ast.GeneratorExp)) and self._is_built(item, scope)
        elif isinstance(item, ast.Call):  # numpy values are provenance's (note_append): the file's other evidence
            built = (dotted_name(item.func) or "").partition(".")[0] not in NUMPY_MODULES and \
                self._builds_objects(item, scope)
        else:
            built = isinstance(item, ast.Name) and (scope, item.id) in self.built_objects
        if built:
            self.built_objects.add(self.built_key(name, scope))

    def note_call(self, call: ast.Call, scope: int) -> None:
        """``x(...)``, ``torch.load(f)(...)``, ``vars(x["args"])``."""
        if self.quiet:  # ``d.get("k")`` alone: a key read (parameter_keys); not ``self.get(x)`` in a class's method
            func = call.func
            if isinstance(func, ast.Attribute) and func.attr == "get" and call.args and not (
                    isinstance(func.value, ast.Name) and func.value.id == "self" and scope in self.provenance.owners):
                self._read_key(func.value, call.args[0], scope)
            return
        if isinstance(call.func, ast.Attribute) and call.func.attr in ("append", "extend"):
            self.provenance.note_append(call, scope)
            self._note_built_item(call, scope)
        for keyword in call.keywords:
            if keyword.arg is None:
                self._note_mapping(keyword.value, scope)
            elif keyword.arg == "to_save" and isinstance(keyword.value, ast.Dict):
                self.to_save_sizes.append(len(keyword.value.keys))
        callee = dotted_name(call.func)  # spelled out once: every call in the file comes through here
        last = (callee or "").rsplit(".", 1)[-1]
        if last.endswith(("Config", "Cfg")) and re.search(CONFIG_CLASS, last):  # most calls: no regex
            for arg in call.args:  # BEATsConfig(ckpt["cfg"]): a config class built from the entry, a plain dict
                if isinstance(arg, ast.Subscript):
                    self._note_mapping(arg, scope)
        if isinstance(call.func, ast.Attribute) and call.func.attr in ("to_dict", "from_dict"):
            self.graph_dicts = True
        if isinstance(call.func, ast.Attribute) and call.func.attr in DICT_METHODS:
            self._note_mapping(call.func.value, scope)
            if call.func.attr == "update" and len(call.args) == 1:
                self._note_mapping(call.args[0], scope)  # vars(args).update(ckpt["args"]): a Namespace is no mapping
            if call.func.attr == "update" and isinstance(call.func.value, ast.Name) and len(call.args) == 1 and \
                    isinstance(call.args[0], ast.Name) and (display := self.dicts.get((scope, call.func.value.id))) and \
                    isinstance(definition := self.provenance.scopes.get(scope), (ast.FunctionDef, ast.AsyncFunctionDef)) \
                    and definition.args.kwarg is not None and definition.args.kwarg.arg == call.args[0].id:
                self.open_dicts.add(id(display))  # state.update(kwargs): whatever keys the callers pass
            if call.func.attr == "update" and isinstance(call.func.value, ast.Name) and \
                    (display := self.dicts.get((scope, call.func.value.id))) is not None and (
                    entries := dict_display(call.args[0]) if len(call.args) == 1 and not call.keywords else
                    ast.Dict(keys=[ast.Constant(kw.arg) for kw in call.keywords], values=[kw.value for kw in call.keywords])
                    if not call.args and all(kw.arg is not None for kw in call.keywords) else None) is not None:
                # ckpt.update({"alphaMask.mask": np.packbits(v)}), ckpt.update(step=k): entries of the dict saved later
                for key, value in zip(entries.keys, entries.values):
                    if key is not None and (named := self.constant_of(key)) is not None:
                        key = ast.Constant(named)
                    if isinstance(key, ast.Constant) and isinstance(key.value, str):
                        self._store_entry(display, key, value)
            if call.func.attr == "pop" and isinstance(call.func.value, ast.Name) and call.args and (
                    not isinstance(call.args[0], ast.Constant) or call.args[0].value in TRAINING_STATE_KEYS):
                self.stripped.add((scope, call.func.value.id))  # ckpt.pop(k, None) for the keys not kept
        if last in CHILD_PROCESS and (callee or "").partition(".")[0] in ("sp", "subprocess"):
            self.subprocess_scopes.add(scope)
        elif isinstance(call.func, ast.Name) and call.func.id in ("type", "dict") and len(call.args) in (1, 3):
            self._note_mapping(call.args[-1], scope)  # type("Args", (), d), dict(d)
        if callee is not None and callee.count(".") <= 1 and callee.partition(".")[0] in (callee, "self", "cls"):
            for position, arg in enumerate(call.args):
                # train(..., config.model_file) then torch.load(config.model_file): a dotted path counts as a name
                if (passed := passed_path(arg)) is not None:
                    self.path_args.setdefault((last, position), set()).add((passed, scope))
        if last == NUMPY_TO_TENSORS and len(call.args) == 1 and not self._holds_another_call(call.args[0], scope):
            # ogb's replace_numpy_with_torchtensor(torch.load(p)): the container holds numpy arrays to convert
            self._mark(call.args[0], scope)
        if isinstance(call.func, ast.Name):
            self.object_names.add((scope, call.func.id))
            if call.func.id in self.params.get(scope, ()):
                # def check(self, tokenizer): tokenizer(text): what callers pass there is callable, no dict or tensor
                self.note_object_param(scope, call.func.id)
            if NUMPY_CHECK.search(call.func.id) and call.args and isinstance(call.args[0], ast.Name):
                self.numpy_checked.add((scope, call.args[0].id))  # if not all_numpy(split): raise ...; torch.save(split)
            if call.func.id == "vars" and call.args:
                self._mark(call.args[0], scope)
            elif call.func.id == "isinstance" and len(call.args) == 2 and names_script_module(call.args[1]):
                self._mark(call.args[0], scope)  # handles a TorchScript archive, which weights_only=True refuses
            elif call.func.id == "isinstance" and len(call.args) == 2 and isinstance(call.args[0], ast.Name) and \
                    (dotted_name(call.args[1]) or "").rsplit(".", 1)[-1] in ("dict", "OrderedDict", "Mapping"):
                self.dict_used.add((scope, call.args[0].id))  # assert isinstance(loaded, dict): a state dict
                self.dict_called.add((scope, call.args[0].id))
            elif call.func.id in self.local_functions:
                self.passed += [(call.func.id, position, arg, scope) for position, arg in enumerate(call.args)
                                if isinstance(arg, (ast.Name, ast.Subscript, ast.Call))]
            elif call.func.id in self.imported and not any(isinstance(arg, ast.Starred) for arg in call.args):
                suffix, function = self.imported[call.func.id]
                for position, arg in enumerate(call.args):
                    if isinstance(arg, ast.Name):
                        self.helper_passes.setdefault((scope, arg.id), set()).add((suffix, function, position))
        elif isinstance(call.func, ast.Call):
            self.object_calls.add(id(call.func))
        elif isinstance(call.func, ast.Attribute) and isinstance(call.func.value, ast.Name) and \
                call.func.value.id == "self" and (owner := self.provenance.owners.get(scope)) is not None:
            # self.check(loaded): a method of this class, asked like a plain function (see _resolve_passed)
            self.passed += [(f"{owner}.{call.func.attr}", position, arg, scope) for position, arg in enumerate(call.args)
                            if isinstance(arg, (ast.Name, ast.Subscript, ast.Call))]
        elif isinstance(call.func, ast.Attribute) and call.args:
            if call.func.attr == "get" and id(call) in self.fallback_gets:
                # the default of ckpt.get("enc", ckpt.get("encoder")): an older name of the key, which files written
                # under the newer one lack; like a key read where KeyError is caught, it need not be in the layout
                self.key_guard += 1
                self._read_key(call.func.value, call.args[0], scope)
                self.key_guard -= 1
            elif call.func.attr == "get":  # ckpt.get("global_step")
                self._read_key(call.func.value, call.args[0], scope)
            elif call.func.attr == "pop" and len(call.args) == 1 and isinstance(call.args[0], ast.Constant) and \
                    isinstance(call.args[0].value, str) and isinstance(call.func.value, ast.Name) and \
                    (held := self.current.get((scope, call.func.value.id))) is not None:
                self.popped_keys.setdefault(held, set()).add(call.args[0].value)  # ckpt.pop("model")
            if call.func.attr == "get" and len(call.args) == 2 and isinstance(default := call.args[1], ast.Call) and \
                    isinstance(default.func, ast.Attribute) and default.func.attr == "get" and \
                    dotted_name(default.func.value) is not None and \
                    dotted_name(default.func.value) == dotted_name(call.func.value):
                self.fallback_gets.add(id(default))
            if call.func.attr == "load_state_dict" and isinstance(call.args[0], ast.Name):
                self.state_dict_names.add((scope, call.args[0].id))
                self.restored_names.setdefault((scope, call.args[0].id), (call.func.value, scope))
            elif call.func.attr == "load_state_dict" and isinstance(call.args[0], ast.Call):
                self.state_dict_calls.add(id(call.args[0]))
                self.restored_into[id(call.args[0])] = (call.func.value, scope)
            elif call.func.attr == "load_state_dict" and isinstance(call.args[0], ast.Subscript):
                self.state_items.add(id(call.args[0]))  # opt.load_state_dict(ckpt["opt"]): an optimizer's state
            elif call.func.attr == "from_numpy" and not self._holds_another_call(_subscripted(call.args[0]), scope):
                # (sig[np.newaxis]: an item of what sig holds here, which may be another call's array)
                self._mark(call.args[0], scope)
            elif call.func.attr in OMEGACONF_OBJECT_CALLS and (dotted_name(call.func.value) or "").endswith("OmegaConf"):
                self._mark(call.args[0], scope)  # OmegaConf.to_yaml(pkg["xp.cfg"]): the entry is a DictConfig
            elif call.func.attr in SETS_MODULE:
                self._mark(call.args[0], scope)  # model.set_input_embeddings(torch.load(p)): an nn.Module
            elif call.func.attr == "append" and isinstance(call.args[0], ast.Name) and \
                    (receiver := (dotted_name(call.func.value) or "").rsplit(".", 1)[-1]).endswith("s") and \
                    is_model_name(receiver[:-1]):
                self.model_named.add((scope, call.args[0].id))  # models.append(mod): mod is a model by that list
        if self.loaded and isinstance(call.func, ast.Attribute) and isinstance(call.func.value, ast.Name) and \
                ((scope, call.func.value.id) in self.provenance.bindings if call.func.value.id != "self" else
                 scope in self.provenance.owners) and not any(isinstance(arg, ast.Starred) for arg in call.args):
            # tensorf.load(ckpt) on an object the function builds, or self.load_checkpoint_ram(ckpt) in a method: a
            # method of some class, named ".load" (the project decides it where one method of that name reads keys
            # from that parameter, project.py)
            for position, arg in enumerate(call.args):
                if isinstance(arg, ast.Name) and (scope, arg.id) in self.loaded:
                    self.helper_passes.setdefault((scope, arg.id), set()).add(("", f".{call.func.attr}", position))

    def note_try(self, node: ast.Try) -> None:
        """``try: opt.load_state_dict(ckpt["opt"]) except: opt.load_state_dict(ckpt["opt"].state_dict())``: the body
        restores the item as a state dict, and the handler's object use of it serves files of an older layout (a
        whole optimizer saved); it tells nothing of what the file the load reads holds."""
        restored = {ast.unparse(call.args[0]) for statement in node.body for call in walk_nodes(statement)
                    if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and
                    call.func.attr == "load_state_dict" and call.args and isinstance(call.args[0], ast.Subscript)}
        if restored:
            self.fallback_reads.update(id(inner) for handler in node.handlers for inner in walk_nodes(handler)
                                       if isinstance(inner, ast.Attribute) and isinstance(inner.value, ast.Subscript)
                                       and ast.unparse(inner.value) in restored)

    def note_discarded(self, call: ast.Call, scope: int) -> None:
        """``model.cpu()`` as a statement, its result dropped: Module.cpu/cuda/to/float/half move the module in place,
        while on a tensor they return a new one and leave the name as it was (a dict has no such method). A load used so
        is a whole module, which weights_only refuses (Unsupported global)."""
        if self.quiet:
            return
        if isinstance(call.func, ast.Attribute) and call.func.attr in IN_PLACE_ON_MODULES and \
                isinstance(call.func.value, ast.Name) and not self._holds_another_call(call.func.value, scope):
            self._mark(call.func.value, scope)

    def _looped_keys(self, key: ast.expr, scope: int) -> frozenset[str]:
        """``for k in ['message_hub', 'optimizer']: del ckpt[k]`` (the list spelled there or bound to a name once): the
        strings the loop variable ``key`` takes."""
        if not isinstance(key, ast.Name):
            return frozenset()
        for target, iterated, where in self.loop_nodes:
            if where != scope or not isinstance(target, ast.Name) or target.id != key.id:
                continue
            if isinstance(iterated, ast.Name) and len(bound := self.provenance.bindings.get((scope, iterated.id), ())) == 1:
                iterated = bound[0][0]
            if isinstance(iterated, (ast.List, ast.Tuple, ast.Set)):
                return frozenset(item.value for item in iterated.elts
                                 if isinstance(item, ast.Constant) and isinstance(item.value, str))
        return frozenset()

    def note_subscript(self, node: ast.Subscript, scope: int) -> None:
        """``ckpt["args"]`` read anywhere: the checkpoint carries a Namespace or config object."""
        if self.quiet:  # the key read alone (parameter_keys)
            if isinstance(node.ctx, ast.Load):
                self._read_key(node.value, node.slice, scope)
            return
        if not isinstance(node.ctx, ast.Load):
            if isinstance(node.ctx, ast.Del) and isinstance(node.value, ast.Name) and (
                    string_key(node) in TRAINING_STATE_KEYS or self._looped_keys(node.slice, scope) & TRAINING_STATE_KEYS):
                self.stripped.add((scope, node.value.id))  # del ckpt["optimizer"]: only a training run needs it
            return
        key = string_key(node) or self.constant_of(node.slice)
        if key is None:  # ckpt[args.checkpoint_key]; x[i] of anything else is not looked at
            value = node.value
            if isinstance(value, ast.Call) or (isinstance(value, ast.Name) and (scope, value.id) in self.call_bound):
                self._read_key(value, node.slice, scope)
            return
        if key in NAMESPACE_KEYS and key not in self.project_dicts:  # not where the sub-project binds it to dicts
            self.namespace_reads.append((node, scope))
        held = id(node.value) if isinstance(node.value, ast.Call) else \
            self.current.get((scope, node.value.id)) if isinstance(node.value, ast.Name) else None
        if held:
            self.item_of.setdefault(held, []).append((id(node), key))
        self._note_mapping(node.value, scope)
        self._read_key(node.value, node.slice, scope)

    def _note_mapping(self, node: ast.AST, scope: int) -> None:
        if isinstance(node, ast.Name):
            self.mapping_names.add((scope, node.id))
        else:
            self.mapping_nodes.add(id(node))

    def _resolve_namespace_reads(self) -> None:
        """``ckpt["args"]`` marks ``ckpt`` as holding an object unless what was read is used as a plain mapping,
        or goes to ``load_state_dict`` (``opt.load_state_dict(ckpt["opt"])``: "opt" names the optimizer there).
        One read used as a mapping (``ckpt["hyper_parameters"]["model"]``: a Namespace is not subscriptable) speaks
        for the other reads of the same entry in its function (``"model" in ckpt["hyper_parameters"]``)."""
        mapped = {(scope, ast.dump(node)) for node, scope in self.namespace_reads
                  if id(node) in self.mapping_nodes or self.read_into.get(id(node)) in self.mapping_names}
        for node, scope in self.namespace_reads:
            if id(node) in self.state_items or self.read_into.get(id(node)) in self.state_dict_names:
                continue
            as_mapping = id(node) in self.mapping_nodes or self.read_into.get(id(node)) in self.mapping_names \
                or (scope, ast.dump(node)) in mapped
            # a config object is subscriptable too, so with a config library a mapping use proves nothing; but
            # Lightning writes ``hyper_parameters`` as dict(module.hparams), keeping only an omegaconf container as is
            lightning_dict = string_key(node) == "hyper_parameters" and self.config_objects not in (
                "omegaconf", "hydra")
            if self.config_objects and not lightning_dict:
                self._mark(node.value, scope)
            elif not as_mapping and string_key(node) == CONFIG_KEY:  # a config, or a list of widths: project.py
                if isinstance(node.value, ast.Name):
                    self.config_read_names.add((scope, node.value.id))
                elif isinstance(node.value, ast.Call):
                    self.config_read_calls.add(id(node.value))
            elif not as_mapping:
                self._mark(node.value, scope)
        self.namespace_reads = []

    def note_compare(self, node: ast.Compare, scope: int) -> None:
        """``"global_step" in ckpt``, ``"state_dict" in list(sd.keys())``: a key of the layout."""
        if len(node.ops) == 1 and isinstance(node.ops[0], (ast.In, ast.NotIn)):
            container = node.comparators[0]
            if isinstance(container, ast.Call) and isinstance(container.func, ast.Name) and container.args:
                container = container.args[0]  # list(sd.keys())
            if isinstance(container, ast.Call) and isinstance(container.func, ast.Attribute) and \
                    container.func.attr == "keys":
                container = container.func.value
            self._read_key(container, node.left, scope)
            if isinstance(container, ast.Name) and isinstance(node.left, ast.Constant) and \
                    (held := self.current.get((scope, container.id))):
                self.tested_keys.setdefault(held, set()).add(node.left.value)  # "state_dict" in sd: maybe absent
                for other in self.alternatives.get((scope, container.id), ()):
                    self.tested_keys.setdefault(other, set()).add(node.left.value)

    def _loops(self) -> dict[tuple[int, str], set[str]]:
        """(scope, loop variable) -> the names its iterable mentions (``for k in ckpt``, ``{k: v for k, v in
        sd.items()}``: ``ckpt[k]`` then reads the dict's own keys); built only when a load needs it."""
        if self.loop_nodes:
            for target, iterable, scope in self.loop_nodes:
                nodes = list(walk_nodes(iterable))
                mentioned = {n.id for n in nodes if isinstance(n, ast.Name)}
                # for key, value in model.state_dict().items(): the keys are a module's parameter names
                module_keys = any(isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
                                  and n.func.attr in ("state_dict", "named_parameters") for n in nodes)
                for node in walk_nodes(target):
                    if isinstance(node, ast.Name):
                        self.loops.setdefault((scope, node.id), set()).update(mentioned)
                        if module_keys:
                            self.module_key_names.add((scope, node.id))
            self.loop_nodes = []
        return self.loops

    def _read_key(self, container: ast.AST, key: ast.AST, scope: int) -> None:
        if (named := self.constant_of(key)) is not None:  # ckpt[cls._CONFIG_KEY]: a key by name
            key = ast.Constant(named)
        if isinstance(key, (ast.Name, ast.Attribute)) and (held := dotted_name(key)) is not None:
            if isinstance(container, ast.Name):  # ckpt[args.checkpoint_key], key in ckpt
                if (scope, container.id) in self.call_bound:
                    self.variable_reads.append((scope, container.id, held))
            elif isinstance(container, ast.Call):
                self.variable_reads.append((scope, id(container), held))
            return
        if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
            return
        if isinstance(container, ast.Name):
            self.keys_read.setdefault((scope, container.id), set()).add(key.value)
            read = self.guarded_keys if self.key_guard else self.unguarded_keys
            if (held := self.current.get((scope, container.id))) is not None:
                self.binding_keys.setdefault(held, set()).add(key.value)
                read.setdefault(held, set()).add(key.value)
            for other in self.alternatives.get((scope, container.id), ()) if self.alternatives else ():
                self.binding_keys.setdefault(other, set()).add(key.value)
                read.setdefault(other, set()).add(key.value)
        elif isinstance(container, ast.Attribute) and (held := dotted_name(container) or "").startswith("self."):
            self.keys_read.setdefault((0, held), set()).add(key.value)  # self.codes["orig"], in any method
        elif isinstance(container, ast.Call):
            self.call_keys.setdefault(id(container), set()).add(key.value)
        elif isinstance(container, ast.Subscript) and self.loaded_items and \
                (held := self.loaded_items.get((scope, ast.unparse(container)))) is not None:
            # self.ckpt[name]["config"] after self.ckpt[name] = torch.load(p): a key of that load
            self.call_keys.setdefault(held, set()).add(key.value)

    def note_dict(self, node: ast.Dict) -> None:
        """``to_save = {"model": ..., "optimizer": ..., "args": args}``: a checkpoint layout holding an object."""
        if self.quiet:
            return
        keys = {k.value for k in node.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)}
        # (not a name the file reads by key or the sub-project binds to dicts only: holds_object's test)
        if len(keys) >= 2 and any(is_object_value(v) and not self.read_by_key(v) for k, v in zip(node.keys, node.values)
                                  if isinstance(k, ast.Constant) and k.value in NAMESPACE_KEYS):
            self.object_schemas.append(keys)

    def note_attribute(self, node: ast.Attribute, scope: int) -> None:
        if self.quiet:
            return
        value = node.value
        if not isinstance(node.ctx, ast.Load):
            # ``t.someattr = 1``: a tensor keeps such an attribute through torch.save, and weights_only loads it
            self.stored_attributes.add(node.attr)
            if not (isinstance(value, ast.Name) and value.id == "self"):
                self.stored_off_self.add(node.attr)  # not ``self.unk_index = 3``: a class of the file's own attribute
        if isinstance(value, ast.Subscript):
            if node.attr in OBJECT_SIGNALS and self.loaded_items and (held := self.loaded_items.get(
                    (scope, ast.unparse(value)))) is not None:
                self.object_calls.add(held)
            key = string_key(value)
            if id(node) in self.fallback_reads:
                pass  # the older layout a handler still takes: the try body restores the item as a state dict
            elif node.attr in OBJECT_SIGNALS or (key in OBJECT_KEYS and node.attr not in DICT_METHODS):
                if self._type_tested(value.value, scope):
                    self.duck_names.add((scope, value.value.id))  # data["ema"].state_dict() if not isinstance(...)
                else:
                    self._mark(value.value, scope)
            elif key is not None and foreign_read(node):
                # ``data["struct"].mock_csc_transpose()``: no tensor, container or primitive has that attribute;
                # decided once the file is walked: the file may set that attribute on a tensor itself (stored_attributes)
                self.foreign_reads.append((node.attr, value.value, scope))
            return
        if isinstance(value, (ast.Name, ast.Call)) and foreign_read(node):
            self._note_foreign_read(node.attr, value, scope)
        elif isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name) and value.value.id == "self" and \
                isinstance(node.ctx, ast.Load) and node.attr not in loaded_value_attributes():
            if (owner := self.provenance.owners.get(scope)) is not None:  # self.transition.set_select
                self.attribute_foreign.setdefault((owner, value.attr), set()).add(node.attr)
            container = self.attribute_items.get((scope, f"self.{value.attr}"))
            if container is not None and foreign_read(node):
                # self.dae = ckpt["dae"]; self.dae.decoder_dim: the item, held by the attribute, read like
                # ``ckpt["dae"].decoder_dim`` (decided once the file is walked: LoadedVerdict.is_object)
                self.attribute_item_reads.append((node.attr, ast.Name(container), scope))
        if isinstance(value, ast.Name) and node.attr in DICT_METHODS:
            self.dict_used.add((scope, value.id))  # model.items(): a dict (of tensors), not a module
            self.dict_called.add((scope, value.id))
        elif isinstance(value, ast.Name) and isinstance(node.ctx, ast.Load) and \
                (held := self.holding.get((scope, value.id))) and (scope, value.id) not in self.alternatives and \
                node.attr not in loaded_value_attributes():
            # v.get_stoi(): v holds that call's object
            (self.duck_held if self._type_tested(value, scope) else self.foreign_held).setdefault(held, set()).add(
                node.attr)
        if isinstance(value, ast.Name) and (scope, value.id) in self.items and node.attr not in DICT_METHODS:
            self.object_names.add(self.items[(scope, value.id)])
        elif node.attr in OBJECT_SIGNALS and self._holds_another_call(value, scope):
            pass  # model = Reader.from_pretrained(ckpt["arguments"]["model"]); model.eval(): that call's model, not the load
        elif node.attr in OBJECT_SIGNALS and self._type_tested(value, scope):
            self.duck_names.add((scope, value.id))
        elif node.attr in OBJECT_SIGNALS:
            self._mark(value, scope)

    def _note_foreign_read(self, attribute: str, value: ast.Name | ast.Call, scope: int) -> None:
        """An attribute no tensor, container or primitive has (a NamedTuple field, a dataclass field), read off
        ``torch.load(f)`` itself, off a parameter (``checkpoint.model_state_dict`` in ``def load(self, checkpoint)``, not
        rebound: what callers pass is an instance weights_only refuses, "Unsupported global" on 2.15; and param_foreign,
        for a save of that parameter), or off an item a name holds (``dico = data["dico"]; dico.lang``). Decided once
        the file is walked: the file may set that attribute on a tensor itself (stored_attributes)."""
        if isinstance(value, ast.Call):
            self.foreign_call_reads.append((attribute, id(value)))  # only a torch.load call's id is ever asked
            return
        if value.id in self.params.get(scope, ()):
            self.param_foreign.setdefault((scope, value.id), set()).add(attribute)  # def f(dico): dico.unk_index
        if (item := self.item_names.get((scope, value.id))) is not None and \
                self.current.get((scope, value.id), 0) == item[0] and not self._type_tested(value, scope):
            # dico = data["dico"]; dico.lang: the item, held by a name, read like ``data["dico"].lang`` (foreign_reads)
            self.foreign_reads.append((attribute, ast.Name(item[1]), scope))
        if (scope, value.id) not in self.holding and value.id in self.params.get(scope, ()) and value.id != "self" \
                and (scope in self.functions or scope in self.methods) and not self._type_tested(value, scope):
            self.foreign_reads.append((attribute, value, scope))


def _subscripted(node: ast.expr) -> ast.expr:
    """``sig`` of ``sig[np.newaxis]`` or ``x[0][1]``: the value an item is read from."""
    while isinstance(node, ast.Subscript):
        node = node.value
    return node
