"""The verdict once the file is walked: does this ``torch.load`` read a file that holds objects?

A mixin of ``LoadedObjects`` (loaded.py), which holds the state it reads and writes."""

from __future__ import annotations

import ast

from .helperdicts import helper_reads_dict
from .imports import dotted_name, own_statements, state_dict_call, walk_nodes
from .loadedforms import (TENSOR_FACTORIES, builds_plain_dict, is_model_name, passed_path, path_key)


class ObjectVerdict:
    def note_object_param(self, scope: int, name: str) -> None:
        """A function uses its parameter ``name`` as an object (``cfg: DictConfig``, ``OmegaConf.set_struct(cfg)``,
        ``model.eval()``): what callers pass there is one."""
        function = self.functions.get(scope) or self.methods.get(scope)
        if function is not None and name in function[1]:
            self.object_params.setdefault(function[0], set()).add(function[1].index(name))

    def _resolve_passed(self) -> None:
        """Mark what was passed to such parameters (``_clean_cfg(pkg["xp.cfg"])``); a parameter passed on to another
        one counts too, so a few rounds until nothing changes."""
        for _ in range(3):
            before = sum(len(positions) for positions in self.object_params.values())
            for function, position, argument, scope in self.passed:
                if position in self.object_params.get(function, ()):
                    self._mark(argument, scope)
            if sum(len(positions) for positions in self.object_params.values()) == before:
                break
        dict_params = self._dict_params()
        for function, position, argument, scope in self.passed:
            if isinstance(argument, ast.Name) and position in dict_params.get(function, ()) and \
                    position not in self.object_params.get(function, ()):
                self.dict_used.add((scope, argument.id))  # convert_weights(original_model) reads weight["model_ema"]
        self.passed = []

    def _dict_params(self) -> dict[str, set[int]]:
        """function -> positions of the parameters it uses as a dict (``weight.items()``, ``weight["model"]``)."""
        found: dict[str, set[int]] = {}
        for scope, name in (*self.dict_used, *(used for used, keys in self.keys_read.items() if keys)):
            if (function := self.functions.get(scope) or self.methods.get(scope)) is not None and name in function[1]:
                found.setdefault(function[0], set()).add(function[1].index(name))
        return found

    def _mark(self, node: ast.AST, scope: int) -> None:
        if isinstance(node, ast.Name):
            self.object_names.add((scope, node.id))
            if scope in self.functions or scope in self.methods:
                self.note_object_param(scope, node.id)
            if (item := self.item_names.get((scope, node.id))) is not None and \
                    self.current.get((scope, node.id), 0) == item[0] and (scope, item[1]) not in self.object_names:
                # m = ckpt["model"].float(); m.eval(): the item is a module, so the container held one
                self._mark(ast.Name(item[1]), scope)
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
            self.object_names.add((0, f"self.{node.attr}"))  # self.ckpt["model"].float().state_dict(), any method
            if (container := self.attribute_items.get((scope, f"self.{node.attr}"))) is not None and \
                    (scope, container) not in self.object_names:
                # self.model = state["model"].cuda(); self.model.load_state_dict(...): the item is a module
                self._mark(ast.Name(container), scope)
        elif isinstance(node, ast.Call):
            self.object_calls.add(id(node))
            if isinstance(node.func, ast.Attribute):  # x.cuda().eval(): x is the object
                self._mark(node.func.value, scope)
        elif isinstance(node, ast.Subscript):
            self._mark(node.value, scope)

    def reads_config_key(self, call: ast.Call) -> bool:
        """The load's result is read under ``"cfg"`` as an object in a file with no config library
        (LoadedObjects.config_read_names): an object only where the project has one (ProjectEvidence.decide)."""
        if self.namespace_reads:
            self._resolve_namespace_reads()
        return id(call) in self.config_read_calls or self.bindings.get(id(call)) in self.config_read_names

    def writes_state_dicts_only(self) -> bool:
        """The file's checkpoints come from ignite's handler with one object each (state_dicts), and it
        torch.save()s no object itself: a model-like load here reads one of those state_dicts."""
        return self.ignite_checkpoint and bool(self.to_save_sizes) and max(self.to_save_sizes) == 1 and \
            not self.objects_saved_to

    def is_object(self, call: ast.Call) -> bool:
        if self.namespace_reads:
            self._resolve_namespace_reads()
        if self.foreign_reads:
            for attribute, container, scope in self.foreign_reads:
                if attribute not in self.stored_attributes:
                    self._mark(container, scope)
            self.foreign_reads = []
        if self.attribute_item_reads:  # the saved module's own class may set that attribute on self: not a tensor's
            for attribute, container, scope in self.attribute_item_reads:
                if attribute not in self.stored_off_self:
                    self._mark(container, scope)
            self.attribute_item_reads = []
        if self.foreign_call_reads:
            self.object_calls.update(held for attribute, held in self.foreign_call_reads
                                     if attribute not in self.stored_attributes)
            self.foreign_call_reads = []
        if self.passed:
            self._resolve_passed()
        bound = self.bindings.get(id(call))
        if id(call) in self.object_calls or bound in self.object_names or self._foreign(id(call)) or \
                self.attribute_bindings.get(id(call)) in self.object_names:
            return True
        if self._built_elsewhere(call) or self._attribute_used_as_object(call):
            return True
        if bound in self.duck_names or self._foreign(id(call), self.duck_held):
            # used as an object only where an isinstance test allows other kinds: not when the file saves a plain
            # dict to this very path holding every key read (the object branch reads files of an older layout)
            return not self.reads_own_plain_save(call, bound[0] if bound else 0)
        return (bound is not None and (is_model_name(bound[1]) or bound in self.model_named)
                and bound not in self.state_dict_names
                and bound not in self.returned  # `return model`: the caller may pass it to load_state_dict
                and not self._read_as_dict_by_helper(bound)  # init_encoder(model, encoder): its module reads .items()
                and not self.keyed_by_parameter_names(bound)
                # `net = torch.load(p)` then `torch.save(net, q)`: a format conversion of whatever the file holds
                and bound not in self.resaved
                and (bound not in self.dict_used or (  # model.items(), model["k"]: a dict
                    # mod = [m.to(device) for m in mod]; models.append(mod): a list of modules, walked
                    bound in self.model_named and bound in self.iterated and bound not in self.dict_called))
                and not self.keys_read.get(bound))

    def _read_as_dict_by_helper(self, bound: tuple[int, str]) -> bool:
        """The file hands the name to a function it imports from a project module that reads that parameter only as
        a mapping (helperdicts.py)."""
        return bool(self.filename) and any(helper_reads_dict(self.filename, suffix, function, position)
                                           for suffix, function, position in self.helper_passes.get(bound, ()))

    def _attribute_used_as_object(self, call: ast.Call) -> bool:
        """``self.transition = torch.load(p).to(device)``, and some method of the class reads ``self.transition`` with
        an attribute no weights_only value has (``self.transition.set_select(i)``, one the file never sets itself on a
        tensor): the load gives that object back (an offline-RL dynamics ensemble saved whole)."""
        key = self.attribute_owners.get(id(call))
        return key is not None and any(attribute not in self.stored_attributes
                                       for attribute in self.attribute_foreign.get(key, ()))

    def _built_elsewhere(self, call: ast.Call) -> bool:
        """``if ckpt: self.generator = torch.load(ckpt) else: self.generator = SRGANGenerator(...)``: the class binds the
        attribute to the load and elsewhere to an instance of a class the file defines or imports from a package other
        than torch and the standard library (see _constructs): the file the load reads holds such an instance, and
        weights_only refuses it ("Unsupported global", run on torch 2.15 with an nn.Module subclass)."""
        key = self.attribute_owners.get(id(call))
        scope = None
        if key is not None:
            others, name = self.attribute_calls.get(key, ()), f"self.{key[1]}"
        elif id(call) not in self.item_bound and (bound := self.bindings.get(id(call))) is not None:
            others, name = [value for value, position, _ in self.provenance.bindings.get(bound, ())
                            if position is None], bound[1]  # enc = torch.load(p) / enc = Encoder(...)
            scope = bound[0]
        else:
            return False
        # not ``self.x = Wrapper(self.x)``: an instance built from the loaded value tells nothing of the file
        return any(other is not call and (self._constructs(other) or self._copies_constructed(other, scope))
                   and not any(dotted_name(node) == name for node in walk_nodes(other)
                               if isinstance(node, (ast.Name, ast.Attribute)))
                   for other in others)

    def _copies_constructed(self, value: ast.expr, scope: int | None) -> bool:
        """``actor_target = deepcopy(actor)`` where the scope binds ``actor`` to such an instance (``actor =
        Actor(...)``): the copy is one too (DDPG's target networks, saved and loaded beside their originals)."""
        if scope is None or not (isinstance(value, ast.Call) and len(value.args) == 1 and not value.keywords
                                 and isinstance(value.args[0], ast.Name)
                                 and (dotted_name(value.func) or "").rsplit(".", 1)[-1] == "deepcopy"):
            return False
        return any(position is None and self._constructs(bound)
                   for bound, position, _ in self.provenance.bindings.get((scope, value.args[0].id), ()))

    def _plain_round_trip(self, scope: int) -> bool:
        """A module-private helper (``_broadcast_object``: no other module calls it) that round-trips its argument
        through a buffer, and every call of it in the file passes there a state_dict() or a tensor torch builds
        (``self.optim.state_dict() if send else torch.tensor([0], dtype=torch.uint8)``): what it loads is plain
        (an optimizer's state dict and a tensor load under weights_only=True, run on torch 2.15)."""
        function = self.functions.get(scope)
        parameter = self.round_trip_params.get(scope)
        if function is None or parameter is None or not function[0].startswith("_") or \
                self.provenance.parents.get(scope) != 0 or parameter not in function[1]:
            return False
        position = function[1].index(parameter)
        calls = self.provenance.calls.get(function[0], ())
        if not calls:
            return False
        for call, caller in calls:
            passed = next((kw.value for kw in call.keywords if kw.arg == parameter), None)
            if passed is None and len(call.args) > position and not any(
                    isinstance(arg, ast.Starred) for arg in call.args[:position + 1]):
                passed = call.args[position]
            if passed is None or not self._plain_state(passed, caller):
                return False
        return True

    def returns_plain_dict(self, name: str, scope: int, depth: int = 0) -> bool:
        """``model, cfg = load_converted(p)`` where that function of the file returns, at that item, a name bound to
        a dict display or to what another such function returns (``cfg = _cfg(ck)``, ``return {...}``): a plain
        dict, whatever it is called; every binding of the name must be one."""
        bound = self.provenance.bindings.get((scope, name), ())
        return depth < 3 and bool(bound) and all(self._plain_dict_value(value, position, scope, depth)
                                                  for value, position, _ in bound)

    def _plain_dict_value(self, value: ast.expr, position: int | None, scope: int, depth: int) -> bool:
        if position is None and builds_plain_dict(value):
            return True
        if isinstance(value, ast.Name) and position is None:
            return value.id in self.plain_built.get(scope, ()) or self.returns_plain_dict(value.id, scope, depth + 1)
        if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Name)
                and (function := self.provenance.functions.get(value.func.id)) is not None):
            return False
        inner, node = function
        returned = [statement.value for statement in own_statements(node)
                    if isinstance(statement, ast.Return) and statement.value is not None]
        if position is not None:
            returned = [item.elts[position] if isinstance(item, ast.Tuple) and position < len(item.elts) else None
                        for item in returned]
        return bool(returned) and all(item is not None and self._plain_dict_value(item, None, inner, depth + 1)
                                      for item in returned)

    def _plain_state(self, value: ast.expr, scope: int, depth: int = 0) -> bool:
        """``x.state_dict()``, ``torch.tensor(...)`` (a tensor factory of torch), either side of an ``if`` expression
        of those, or a local name every binding of which is one."""
        if isinstance(value, ast.IfExp):
            return self._plain_state(value.body, scope, depth) and self._plain_state(value.orelse, scope, depth)
        if isinstance(value, ast.Call):
            callee = dotted_name(value.func) or ""
            if state_dict_call(value):
                return True
            return callee.partition(".")[0] == "torch" and callee.rsplit(".", 1)[-1] in TENSOR_FACTORIES
        if isinstance(value, ast.Name) and depth < 3:
            bound = self.provenance.bindings.get((scope, value.id), ())
            return bool(bound) and all(position is None and self._plain_state(found, scope, depth + 1)
                                       for found, position, _ in bound)
        return False

    def _reads_plain_layout_of(self, call: ast.Call, scope: int) -> bool:
        """The load reads keys, and the same function torch.save()s a plain dict holding every one of them (``{'epoch':
        e, 'model_state_dict': ..., 'optimizer_state_dict': ...}`` beside ``torch.save(model, best_path)``): it resumes
        that checkpoint, not a file its data parameter was saved to."""
        keys = self.keys_of(call)
        return bool(keys) and any(
            path[0] == scope and keys <= saved and not (self.plain_save_lines.get(path, set()) & self.settled_object_lines)
            for path, saved in self.plain_saved_to.items() if path is not None)

    def may_hold_objects(self, call: ast.Call, scope: int) -> bool:
        """What the file saved at this path holds objects, or the load is in a function that round-trips
        its own argument through a buffer (a collective helper for any picklable data)."""
        self._settle_saved_names()
        if scope in self.round_trips and self._plain_round_trip(scope):
            return False  # every caller hands it a state dict or a tensor: the buffer it reads back holds that
        if scope in self.round_trips and scope not in self.subprocess_scopes:
            return True  # not torch.save(x, buf) piped to a child process: what it writes back is its own
        if scope in self.file_round_trips and id(call) not in self.state_dict_calls and \
                self.bindings.get(id(call)) not in self.state_dict_names and \
                not self._reads_plain_layout_of(call, scope):  # the load gives back the data, not a state
            return True
        if call.args and self.load_key(call, scope) in self.objects_saved_to:
            return True
        if (restored := self.restored_into.get(id(call)) or self.restored_names.get(self.bindings.get(id(call)))) \
                is not None and self._own_state_holds_objects(*restored, method="state_dict"):
            return True  # trainer.load_state_dict(torch.load(p)): the file's own class restores the objects it keeps
        if call.args and (copied := self.pairs.buffer_copied(call.args[0], scope)) is not None and \
                path_key(copied, scope) in self.objects_saved_to:
            return True  # f_read = BytesIO(f_write.getvalue()): the copy of a buffer objects were saved into
        if call.args and self.pairs.saved_line(call.args[0], scope) is not None:
            return True  # the class's own save method wrote objects to this file (savepairs.py)
        if self.graph_collate and not self.graph_dicts and id(call) in self.collated_loads:
            return True  # self.data, self.slices = torch.load(...) in a PyG InMemoryDataset: a pickled Data object
        if call.args and (read := passed_path(call.args[0])) is not None and any(
                (read, scope) in self.path_args.get(parameter, ()) for parameter in self.saved_params):
            return True  # self.cache_labels(cache_path) saves objects to the path this load reads
        if call.args and (spelled := self._spelled_path(call.args[0], scope)) is not None and \
                spelled in self.objects_saved_exprs:
            return True  # the same path expression, spelled out in another function (save_x / load_x pairs)
        if call.args and (named := self.file_name(call.args[0], scope)) in self.objects_saved_names and not (
                "*" in named and named in self.plain_saved_names):
            # the same file name, saved with objects in another function of this file (a numbered family,
            # ``rank-*.pt``, that the file also saves plain data to in another folder is no telling which)
            return True
        read = self.keys_read.get(self.bindings.get(id(call)), set())  # the load reads the layout this file saves
        return any(len(read & schema) >= 2 for schema in self.object_schemas)
