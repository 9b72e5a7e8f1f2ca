"""What the file's ``torch.save`` calls and returns write: objects, plain state, the names saved to.

A mixin of ``LoadedObjects`` (loaded.py), which holds the state it reads and writes."""

from __future__ import annotations

import ast
import re

from .checkpoints import writes_framed_pickle
from .imports import dotted_name, state_dict_call
from .loadedforms import (CHECKPOINT_LIKE, NAMESPACE_KEYS, TENSOR_LIKE, is_model_name, mapping_annotation,
    self_item)


class SaveNotes:
    def note_save(self, call: ast.Call, scope: int = 0, whole_parts: bool = False) -> bool:
        """``torch.save(obj, f)``: a whole model, a dict with a Namespace or numpy value in it, or something
        the file builds (a list of the project's objects); ``f`` is kept as written (a name, a path expression)."""
        if len(call.args) < 2:
            return False
        saved = call.args[0]
        self.save_scopes.add(scope)
        if isinstance(saved, ast.Name):
            self.resaved.add((scope, saved.id))
        if (display := self.saved_dict(saved, scope)) is not None:  # {...}, dict(k=v), or a name bound to one
            objects = any(self.holds_object(v, scope) for v in display.values)
        else:
            name = (dotted_name(saved) or "").rsplit(".", 1)[-1]
            # a name bound to a torch.load result is saved back: its name says nothing of what the file holds
            reloaded = isinstance(saved, ast.Name) and (scope, saved.id) in self.loaded
            if reloaded:  # unless it is also bound to something the file builds (the cache pattern)
                objects = (scope, saved.id) in self.built_objects
            else:
                objects = (is_model_name(name) or name.lower() in ("obj", "object")  # broadcast_object-style helpers
                           or (isinstance(saved, ast.Name) and saved.id == "self")  # the instance itself: a class of the project's
                           or self.holds_object(saved, scope)
                           or self._own_state_holds_objects(saved, scope)
                           or (isinstance(saved, ast.Name) and (scope, saved.id) in self.numpy_checked))
        # protocol 4+: refused whatever it holds; whole_parts: getattr(self, name) over a model's or optimizer's
        # name (attrsaves.py)
        objects = objects or whole_parts or writes_framed_pickle(call)
        if objects:
            self._note_objects_saved(call, scope)
        else:
            if isinstance(saved, ast.Name) and (held := self.holding.get((scope, saved.id))) and \
                    (scope, saved.id) not in self.alternatives:
                self.saved_names.append((call, scope, held))  # decided once the file is walked (_settle_saved_names)
            if isinstance(saved, (ast.Name, ast.Tuple, ast.List, ast.Call)):
                self.saved_returns.append((call, scope))  # names a function of the file returned (_settle_saved_names)
            if self_item(saved) is not None:
                self.saved_items.append((call, scope))  # self.data["train"]: every binding of it decides (_settle_saved_names)
            if isinstance(saved, ast.Name) and (annotated := self.annotated_objects.get((scope, saved.id))):
                self.saved_annotated.append((call, scope, annotated))  # once the file is walked (_settle_saved_names)
            self.pairs.note_method_save(saved, call.args[1], scope, call.lineno)
            if (named := self.file_name(call.args[1], scope)) is not None:
                self.plain_saved_names.add(named)
            if display is not None and (params := [value.id for value in display.values if isinstance(value, ast.Name)
                                                   and value.id in self.params.get(scope, ())]):
                self.saved_param_entries.append((call, scope, params))  # decided once the file is walked
            state_dict = state_dict_call(saved) and not saved.keywords
            if display is not None or state_dict:  # (a state dict itself: no key of its own a load could read)
                path = self.file_key(call.args[1], scope)
                self.plain_saved_to.setdefault(path, set()).update(
                    key.value for key in (display.keys if display is not None else ())
                    if isinstance(key, ast.Constant) and isinstance(key.value, str))
                self.plain_save_lines.setdefault(path, set()).add(call.lineno)
        if isinstance(saved, ast.Name) and saved.id in self.params.get(scope, ()) and \
                not re.search(TENSOR_LIKE, saved.id):
            # all_gather(data) / broadcast(obj) through a buffer, or through a file per rank: whatever the caller passes
            if isinstance(call.args[1], ast.Name) and (scope, call.args[1].id) in self.buffers:
                self.round_trips.add(scope)
                self.round_trip_params[scope] = saved.id
            elif not re.search(CHECKPOINT_LIKE, saved.id) and saved.id.lower() not in NAMESPACE_KEYS:
                self.file_round_trips.add(scope)  # not `torch.save(args, "training_args.bin")`: a file of its own
        return objects

    def _foreign(self, held: int, reads: dict[int, set[str]] | None = None) -> bool:
        """The call's result, held in a name, is read with an attribute that no value of a weights_only load has and
        that the file never sets itself (``t.someattr = 1`` on a tensor survives torch.save)."""
        return any(attribute not in self.stored_attributes
                   for attribute in (self.foreign_held if reads is None else reads).get(held, ()))

    def _type_tested(self, node: ast.expr, scope: int) -> bool:
        return bool(self.type_tested) and isinstance(node, ast.Name) and (scope, node.id) in self.type_tested

    def settle_saves(self) -> set[int]:
        """Every save decided, those asked about again once the file is walked too: the lines of those that write
        objects."""
        self._settle_saved_names()
        return self.object_save_lines

    def _settle_saved_names(self) -> None:
        """The saves asked about again once the file is walked (a no-op when none waits): ``v = vocab(c); ...;
        torch.save(v, path); ...; v.get_itos()``, the name saved held an object (an attribute no tensor, container or
        primitive has was read off it while it held the same value); names a function of the file returned
        (_returns_foreign); ``self.data["dev"]`` items (_item_constructed)."""
        if not (self.saved_names or self.saved_returns or self.saved_items or self.saved_param_entries
                or self.saved_annotated):
            return
        for call, scope, annotated in self.saved_annotated:
            # node_pb: PartitionBook, where a function annotated ``-> PartitionBook`` returns torch.zeros(...): the
            # project's name for a tensor, not a class of objects
            if annotated not in self.tensor_classes:
                self._note_objects_saved(call, scope)
        self.saved_annotated = []
        for call, scope, params in self.saved_param_entries:
            # torch.save({"dico": dico, ...}, p) in def index_data(path, bin_path, dico), which reads dico.unk_index:
            # the parameter is an object (an attribute the file sets, if at all, only on ``self``: never on a tensor
            # it saves), refused by weights_only
            if any((scope, name) not in self.provenance.bindings and
                   any(attribute not in self.stored_off_self for attribute in self.param_foreign.get((scope, name), ()))
                   for name in params):
                self._note_objects_saved(call, scope)
        self.saved_param_entries = []
        for call, scope, held in self.saved_names:
            if self._foreign(held):
                self._note_objects_saved(call, scope)
        self.saved_names = []
        for call, scope in self.saved_returns:
            saved = call.args[0]
            owner = self.provenance.owners.get(scope, "")
            # torch.save((rel1_vocab, rel2_vocab), f): each item of a saved display is asked alone
            items = saved.elts if isinstance(saved, (ast.Tuple, ast.List)) else [saved]
            if any(self._returns_foreign(item, scope) for item in items if isinstance(item, ast.Name)) or \
                    any(self._instance_value(item, scope, owner, 0) for item in items):
                self._note_objects_saved(call, scope)
        self.saved_returns = []
        for call, scope in self.saved_items:
            if self._item_constructed(call.args[0], scope):
                self._note_objects_saved(call, scope)
        self.saved_items = []

    def _note_objects_saved(self, call: ast.Call, scope: int) -> None:
        """Where ``torch.save(saved, f)`` wrote objects: ``f`` as written, its file name, its spelled-out expression."""
        saved = call.args[0]
        self.object_save_lines.add(call.lineno)
        self.objects_saved_to.add(self.file_key(call.args[1], scope))
        if not (isinstance(saved, ast.Name) and saved.id != "self" and saved.id in self.params.get(scope, ())) or \
                self._module_parameter(saved.id, scope):
            # not save_checkpoint(path, obj): torch.save(obj, path), whatever its callers pass (a state dict too);
            # but `def save_model(model: torch.nn.Module, ...)` is given a module, as its annotation says
            self.pairs.note_objects_saved(call.args[1], scope, call.lineno)
        for named in self.file_names(call.args[1], scope):
            self.objects_saved_names.setdefault(named, call.lineno)
        if (spelled := self._spelled_path(call.args[1], scope)) is not None:
            self.objects_saved_exprs.setdefault(spelled, call.lineno)
        if isinstance(call.args[1], ast.Name) and (signature := self.signatures.get(scope)) is not None and \
                call.args[1].id in signature[1]:  # def cache_labels(self, path): ...; torch.save(x, path)
            self.saved_params.add((signature[0], signature[1].index(call.args[1].id)))

    def note_return(self, value: ast.expr, scope: int) -> None:
        """A method's return value: one holding objects makes ``torch.save(self.method(), path)`` save them."""
        if self.quiet:
            return
        if scope in self.methods:
            self.method_returns.setdefault(self.methods[scope][0], []).append((value, scope))
        if scope in self.pairs.functions and self.holds_object(value, scope):
            self.pairs.note_object_return(scope)
        else:
            self.pairs.note_return(scope, value)

    def note_annotated_return(self, value: ast.expr, annotation: ast.expr, scope: int) -> None:
        """``def auto_resume(...) -> Tuple[List[str], int, int, dict, dict]: ... return ..., ckpt["args"]``: the
        function's own annotation says the item it returns is a mapping, which an argparse Namespace is not; the read
        is used as a plain mapping, as ``a = ckpt["args"]; a["lr"]`` is."""
        if isinstance(annotation, ast.Subscript) and (dotted_name(annotation.value) or "").rsplit(".", 1)[-1] in (
                "Tuple", "tuple") and isinstance(value, ast.Tuple) and isinstance(annotation.slice, ast.Tuple):
            items = annotation.slice.elts
            if len(items) == len(value.elts) and not any(isinstance(item, ast.Starred) for item in value.elts):
                for item, returned in zip(items, value.elts):
                    self.note_annotated_return(returned, item, scope)
            return
        if isinstance(annotation, ast.Name) and annotation.id[:1].isupper() and self._plain_state(value, scope):
            self.tensor_classes.add(annotation.id)  # -> PartitionBook returning torch.zeros(...): a tensor by that name
        if isinstance(value, (ast.Subscript, ast.Name)) and mapping_annotation(annotation):
            self._note_mapping(value, scope)
