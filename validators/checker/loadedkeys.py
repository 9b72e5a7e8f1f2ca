"""Questions on the keys a load's result is read under and the dicts a save writes.

A mixin of ``LoadedObjects`` (loaded.py), which holds the state it reads and writes."""

from __future__ import annotations

import ast

from .checkpoints import names_ckpt_file
from .imports import dotted_name
from .loadedforms import builds_plain_dict


class KeyQueries:
    def plain_attribute(self, name: str, scope: int) -> bool:
        """``self.config`` that a method of the file binds to a plain dict (``self.config = {...}`` in ``__init__``) and
        every other binding (seen so far) makes from itself (``self.config = update_config(self.config)``: a rebinding
        from the name leaves what it held to decide, as in provenance.py): plain data, not a config object, whatever
        library the project imports."""
        bound = self.provenance.bindings.get(self.provenance.key(name, scope), ())
        return any(position is None and builds_plain_dict(value) for value, position, _ in bound) and all(
            position is None and (builds_plain_dict(value) or (isinstance(value, ast.Call) and any(
                dotted_name(argument) == name for argument in value.args))) for value, position, _ in bound)

    def saved_dict(self, saved: ast.expr, scope: int) -> ast.Dict | None:
        """What a save call saves, when it is a dict display (``{...}`` or ``dict(k=v, ...)``) or a name bound
        to one in this scope."""
        if isinstance(saved, ast.Name):
            return self.dicts.get((scope, saved.id))
        return self._display(saved)

    def publishes(self, call: ast.Call) -> bool:
        """The load's result has keys dropped (``ckpt.pop(k, None)``) and is torch.save()d again: a checkpoint
        stripped for publishing (see runnerckpt.py)."""
        bound = None if id(call) in self.item_bound else self.bindings.get(id(call))
        if bound is not None and bound in self.stripped and bound in self.resaved:
            return True
        # or the same function reads its "meta" and "state_dict" and torch.save()s a checkpoint again (``checkpoint
        # = dict(); checkpoint["meta"] = new_meta; ...; torch.save(checkpoint, out)``): a converter that keeps the
        # layout of the runner's published file, whatever else the checkpoint it reads held
        return bound is not None and bound[0] in self.save_scopes and {"meta", "state_dict"} <= self.keys_of(call)

    def state_keys_of(self, call: ast.Call) -> frozenset[str]:
        """The keys of this load whose item goes straight to ``load_state_dict`` (``m.load_state_dict(ckpt["model"])``):
        there the entry is a state dict, whatever another layout keeps under that key."""
        return frozenset(key for node, key in self.item_of.get(id(call), ()) if node in self.state_items)

    def optional_keys_of(self, call: ast.Call) -> frozenset[str]:
        """Keys the load tests for before reading (``if "state_dict" in sd: sd = sd["state_dict"]``)."""
        return frozenset(self.tested_keys.get(id(call), ()))

    def guarded_keys_of(self, call: ast.Call) -> frozenset[str]:
        """Keys read off the load's name only inside ``try:`` statements that catch KeyError, in the body or the handler
        (``try: it = sd["iteration"] except KeyError: it = sd["total_iters"]``): the load takes files without them, so
        they tell nothing of the layout it reads (they still name it where it holds them)."""
        guarded = self.guarded_keys.get(id(call))
        return frozenset(guarded - self.unguarded_keys.get(id(call), set())) if guarded else frozenset()

    def keys_of(self, call: ast.Call) -> frozenset[str]:
        """The keys a load's result is read with: off the call itself, and off the name it is bound to."""
        keys = set(self.call_keys.get(id(call), ()))
        if id(call) not in self.item_bound:
            keys |= self.binding_keys.get(id(call), set())
        keys |= self.keys_read.get(self.attribute_bindings.get(id(call)), set())
        if id(call) not in self.item_bound and (bound := self.bindings.get(id(call))) is not None:
            keys |= self._closure_keys(*bound)
        return frozenset(keys)

    def popped_keys_of(self, call: ast.Call) -> frozenset[str]:
        """Keys popped off the name the load is bound to (``checkpoint.pop("model")``)."""
        return frozenset(self.popped_keys.get(id(call), ())) if id(call) not in self.item_bound else frozenset()

    def _closure_keys(self, scope: int, name: str) -> set[str]:
        """The keys functions nested in ``scope`` read from ``name`` as a free variable (``def _load_optimizer():
        cls = checkpoint['optimizer_type']`` inside the function that binds ``checkpoint`` once, to the load)."""
        provenance = self.provenance
        if scope == 0 or len(provenance.bindings.get((scope, name), ())) != 1:
            return set()
        keys: set[str] = set()
        for child, parent in provenance.parents.items():
            if parent != scope or not (read := self.keys_read.get((child, name))) or provenance.bindings.get((child, name)):
                continue
            definition = provenance.scopes.get(child)
            if isinstance(definition, (ast.FunctionDef, ast.AsyncFunctionDef)) and name not in {
                    argument.arg for argument in (*definition.args.posonlyargs, *definition.args.args,
                                                  *definition.args.kwonlyargs, definition.args.vararg,
                                                  definition.args.kwarg) if argument is not None}:
                keys |= read
        return keys

    def helpers_of(self, call: ast.Call) -> tuple[tuple[str, str, int], ...]:
        """The imported project functions the name a load is bound to is passed to, with its position there."""
        bound = None if id(call) in self.item_bound else self.bindings.get(id(call))
        return tuple(sorted(self.helper_passes.get(bound, ()))) if bound is not None else ()

    def parameter_keys(self) -> dict[tuple[str, int], frozenset[str]]:
        """(module-level function, position) -> the string keys it reads from that parameter; a method's under
        ``(".method", position)`` (its position after self)."""
        found = {}
        for scope, (name, positional) in self.functions.items():
            if self.provenance.parents.get(scope) != 0:
                continue  # a nested function: no other module calls it
            for position, parameter in enumerate(positional):
                if keys := self.keys_read.get((scope, parameter)):
                    found[(name, position)] = frozenset(keys)
        for scope, (name, positional) in self.methods.items():
            for position, parameter in enumerate(positional):
                if keys := self.keys_read.get((scope, parameter)):
                    found[("." + name.rpartition(".")[2], position)] = frozenset(keys)
        return found

    def has_variable_key(self, call: ast.Call) -> bool:
        """The result is read with a key held in a name (``ckpt[key]``, ``args.key in ckpt``) that is not a
        loop over the result itself (``for k in ckpt: ckpt[k]`` walks a state_dict's own keys)."""
        if not self.variable_reads:
            return False
        bound = None if id(call) in self.item_bound else self.bindings.get(id(call))
        for scope, container, key in self.variable_reads:
            if container == id(call):
                return True
            if bound is not None and (scope, container) == bound:
                root = key.partition(".")[0]
                if container not in self._loops().get((scope, root), ()):
                    return True
        return False

    def keyed_by_parameter_names(self, bound: tuple[int, str]) -> bool:
        """The name is read with a module's parameter names (``for key, value in model.state_dict().items(): if key in
        pre_trained: ... pre_trained[key]``): a state dict, whatever it is called."""
        if not self.variable_reads:
            return False
        loops = self._loops()  # (fills module_key_names)
        return bool(loops) and any((scope, container) == bound and (scope, key.partition(".")[0]) in self.module_key_names
                                   for scope, container, key in self.variable_reads)

    def reads_own_plain_save(self, call: ast.Call, scope: int) -> bool:
        """The file torch.save()s a plain dict to this very path, holding every key this load reads (a resume of
        its own checkpoint), or the class's own save method joined to this load saves plain data: what other
        files save under the same keys is no evidence for it."""
        self._settle_saved_names()
        if not call.args or (path := self.load_key(call, scope)) in self.objects_saved_to:
            return False
        if self.pairs.reads_plain_save(call.args[0], scope):
            return True  # the class's own save method wrote plain data to this file (savepairs.py)
        saved = self.plain_saved_to.get(path)
        if saved is not None and self.plain_save_lines.get(path, set()) & self.settled_object_lines:
            return False  # `{"ts": ts}` where `ts, ... = make_data()` returns numpy: not plain after all
        return saved is not None and self.keys_of(call) <= saved

    def is_ckpt_path(self, node: ast.AST | None, scope: int) -> bool:
        return names_ckpt_file(node, self.ckpt_names.get(scope, set()))
