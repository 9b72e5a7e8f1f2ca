"""Whether a value is an object that weights_only refuses: constructed, built by a call, or an instance of the file's own class.

A mixin of ``LoadedObjects`` (loaded.py), which holds the state it reads and writes."""

from __future__ import annotations

import ast

from .numpylr import optimizer_state
from .imports import dotted_name, own_nodes, own_statements, state_dict_call, unmoved, walk_nodes
from .provenance import NUMPY_MODULES, plain_numpy
from .loadedforms import (ALTERNATE_CONSTRUCTOR, CLASS_NAME, CONVERTER, MAPS, NAMESPACE_CLASSES, PIL_IMAGES, PLAIN_NN,
    REFUSED_TORCH_OWNERS, SAME_KIND, class_of, is_object_value, is_training_object, keyed_namespaces,
    prepares_scriptable, refused_standard_value, returned_itself, self_item, tokenizer_encoding)


class ObjectConstruction:
    def _builds_objects(self, call: ast.Call, scope: int) -> bool:
        """A call whose result ``weights_only`` refuses: an instance of a class the project defines
        (``InputFeatures(...)``), a list of them from an ``*examples_to_features`` converter, numpy
        (``np.mean(accs)`` is an ``np.float64``; checked on torch 2.15: both fail with Unsupported global),
        a Hugging Face tokenizer's BatchEncoding, or a function of the project's own applied to such a value
        (``generate_splits(np.arange(n))``)."""
        callee = dotted_name(call.func)
        if callee is None:
            return False
        head, last = callee.partition(".")[0], callee.rsplit(".", 1)[-1]
        if last in self.local_classes or callee == "cls" or (head in NUMPY_MODULES and not plain_numpy(callee, call)
                                                                  and not self.provenance.binds(head, scope)) or \
                CONVERTER.search(last) is not None or \
                last in NAMESPACE_CLASSES or callee in self.library_classes or refused_standard_value(callee, last) or \
                (callee not in self.local_functions and tokenizer_encoding(call, callee)):
            return True
        if _alternative_constructor(callee, head, last):
            return True  # data.Example.fromlist(row, fields), Record.from_dict(d): an instance of that class
        if head in self.pil_images and last in PIL_IMAGES and callee.count(".") == 1:
            return True  # Image.fromarray(a): a PIL.Image.Image
        if last in MAPS and call.args and (mapped := dotted_name(call.args[0])) is not None and (
                CONVERTER.search(mapped.rsplit(".", 1)[-1]) or mapped.rsplit(".", 1)[-1] in self.local_classes):
            return True  # pool.map(self.convert_examples_to_features, items): a list of what the converter builds
        if self._is_collate(call):
            return True  # InMemoryDataset.collate returns (Data object, slices); PyG's own save stores data.to_dict()
        if isinstance(call.func, ast.Attribute) and last in SAME_KIND and self._is_built(call.func.value, scope):
            return True  # adj_t.to_symmetric(), feats.mean(0): these methods give an object of the same kind back
        # every argument built (or a constant): train(loader, model, optimizer, lr_schedule) with one numpy
        # schedule among its arguments says nothing of what it returns
        return callee in self.local_functions and any(self._is_built(arg, scope) for arg in call.args) and all(
            isinstance(arg, ast.Constant) or self._is_built(arg, scope) for arg in call.args)

    def _constructs(self, value: ast.expr) -> bool:
        """``Vocab(**kw)``, ``OpenAIVocab()``: an instance of a class the file defines or imports from a package other
        than torch and the standard library; weights_only refuses every class outside its allowlist (checked on torch
        2.15: Unsupported global). Also a torch.nn module (``nn.ParameterDict()``, ``nn.Linear(...)``): a dict holding
        one is refused too ("Unsupported global: GLOBAL torch.nn.modules.container.ParameterDict", run on 2.15); not
        ``nn.Parameter``, which weights_only rebuilds."""
        if isinstance(value, ast.Call) and self._refused_torch_class(value.func):
            return True
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and isinstance(
                value.func.value, ast.Name) and value.func.value.id in self.imported_module_names:
            return CLASS_NAME.match(value.func.attr) is not None  # datasets.OmnivoreKinetics(...)
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and isinstance(value.func.value, ast.Name) \
                and ALTERNATE_CONSTRUCTOR.match(value.func.attr):  # Config.fromfile(path), OmegaConf.load(path)
            return value.func.value.id in self.imported_classes or value.func.value.id in self.local_classes
        return isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and (
            value.func.id in self.imported_classes or value.func.id in self.local_classes)

    def _refused_torch_class(self, func: ast.expr) -> bool:
        """``nn.ParameterDict``, ``torch.nn.Linear``, ``Sequential`` (``from torch.nn import Sequential``): a torch.nn
        Module class; ``TensorDataset``, ``optim.SGD``, ``lr_scheduler.StepLR``, ``GradScaler``: a torch class outside
        torch.nn whose instances weights_only refuses too (REFUSED_TORCH_OWNERS); through the file's explicit imports
        (nothing a star import might bring)."""
        callee = dotted_name(func)
        if callee is None:
            return False
        head, _, rest = callee.partition(".")
        module = self.torch_aliases.get(head)
        if module is None:
            return False
        owner, _, name = (f"{module}.{rest}" if rest else module).rpartition(".")
        if owner == "torch.nn":
            return CLASS_NAME.match(name) is not None and name not in PLAIN_NN
        # capitalised, as their classes are (``SGD``, ``LBFGS``, ``TensorDataset``); their functions are lower case
        return name[:1].isupper() and (owner in REFUSED_TORCH_OWNERS or owner.startswith(
            ("torch.optim.", "torch.utils.data.")))

    def _constructed(self, value: ast.expr, scope: int) -> bool:
        """The saved value is such an instance: built right there, held now by the name saved, or ``self.vocab`` when
        every binding of that attribute in the class so far builds one, or binds a plain name and the attribute is
        named for such a class (_names_instance). (A parameter saved as it is stays unknown: ``def export(policy):
        torch.save(policy, f)`` may be handed ``policy.state_dict()``.)"""
        if isinstance(value, ast.Name):
            key = (scope, value.id)
            if key not in self.holding and scope and self._reads_global(value.id, scope):
                key = (0, value.id)  # policy = Policy() at module level, saved in def main(): the same object
            # ``if only_src: data = TensorDataset(a) else: data = TensorDataset(a, b)``: every value it may hold is one
            return self.holding.get(key) in self.constructed and self.alternatives.get(key, set()) <= self.constructed
        if isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name) and value.value.id == "self":
            key = (self.provenance.owners.get(scope, ""), value.attr)
            return self.constructed_attributes.get(key, False) or (
                self.named_attributes.get(key, False) and self._names_instance(value.attr))
        return self._constructs(value)

    def _names_instance(self, name: str) -> bool:
        """``vocab`` where the file imports a class ``Vocab`` (not torch's, not the standard library's) or its
        sub-project defines one: a value passed in under the class's own name is taken for an instance of it (an NMT
        model's ``self.vocab = vocab``, saved as ``{"vocab": self.vocab, ...}``), and so is one whose last word is the
        class's name of four letters or more (``self.sent_vocab``, ``self.tag_vocab`` of a tagger's two vocabularies)."""
        wanted = name.strip("_").lower()
        last = wanted.rsplit("_", 1)[-1]
        return any(known.lower() == wanted or (len(known) >= 4 and known.lower() == last)
                   for known in (*self.imported_classes, *self.local_classes, *self.project_classes))

    def _built_or_restored(self, value: ast.expr, scope: int) -> bool:
        """``optimizer = SGD(...)`` (or one of two built in an ``if``/``else``), then on resume ``optimizer =
        ckpt['optimizer']`` from the file's own load, and ``torch.save({'optimizer': optimizer}, path)``: what is saved
        is the object built here, or the one an earlier save put in the file, itself that object."""
        if not isinstance(value, ast.Name):
            return False
        bindings = [bound for bound, _, _ in self.provenance.bindings.get((scope, value.id), ())]
        restored = [bound for bound in bindings if isinstance(bound, ast.Subscript) and isinstance(bound.value, ast.Name)
                    and (scope, bound.value.id) in self.loaded]
        built = [bound for bound in bindings if bound not in restored]
        return bool(restored) and bool(built) and all(self._constructs(_built_call(bound)) for bound in built)

    def _reads_global(self, name: str, scope: int) -> bool:
        """``name`` in ``scope``'s function is the module's: neither it nor a function around it binds the name (a
        parameter, an assignment, a loop or ``with`` target, an import; ``global name`` declares it the module's)."""
        while scope:
            method = self.provenance.method_scopes.get(scope)
            function = method or self.provenance.scopes.get(scope)
            if function is None or name in _local_names(function):
                return False  # (a class body of its own: not followed)
            scope = self.provenance.parents.get(scope, 0)
            if method is not None:  # past the class body, whose names a method does not see
                scope = self.provenance.parents.get(scope, 0)
        return True

    def _is_collate(self, value: ast.expr) -> bool:
        """``self.collate(data_list)`` in a file that imports PyG's InMemoryDataset."""
        callee = dotted_name(value.func) if isinstance(value, ast.Call) else None
        return self.graph_collate and callee in ("self.collate", "cls.collate", "InMemoryDataset.collate")

    def _is_built(self, value: ast.expr, scope: int) -> bool:
        """Something the file builds (numpy, its own classes), or a slice of it (``options[:n]``)."""
        if isinstance(value, ast.Subscript):
            value = value.value
        if isinstance(value, (ast.ListComp, ast.GeneratorExp)) and isinstance(value.elt, ast.Call):
            value = value.elt  # [self.convert_examples_to_features(x) for x in items]: a list of what it builds
        if isinstance(value, ast.Call):
            return self._builds_objects(value, scope)
        name = dotted_name(value)
        if name is None:
            return False
        if "." in name:
            return self.built_key(name, scope) in self.built_objects
        # word2id = defaultdict(...) at module level, saved in a method that does not bind it: the same object
        return (scope, name) in self.built_objects or (scope != 0 and (0, name) in self.built_objects
                                                       and self._reads_global(name, scope))

    def built_key(self, name: str, scope: int) -> tuple[int, str]:
        """Where built_objects keeps ``name``: a local by its scope, ``self.x`` by the class whose method binds or reads
        it (another class of the file may bind an attribute of that name to something else: DLCT's Vocab and Vectors
        both have ``self.stoi``), any other dotted name for the whole file."""
        if "." not in name:
            return scope, name
        if name.startswith("self."):
            return 0, f"{self.provenance.owners.get(scope, '')}:{name}"
        return 0, name

    def read_by_key(self, value: ast.expr) -> bool:
        """``opt``, ``self.opt`` or ``trainer.opt``, named like a Namespace, where the file reads that name by string
        key (keyed_namespaces, asked of the file's text once), or its sub-project binds that name only to
        ``vars(...)``: a dict."""
        dotted = dotted_name(value)
        if dotted is None or dotted.count(".") > 1:
            return False
        if self.keyed_namespaces is None:
            self.keyed_namespaces = keyed_namespaces(self.source_text)
        name = dotted.rsplit(".", 1)[-1]
        return name in self.keyed_namespaces or name in self.project_dicts

    def holds_object(self, value: ast.expr, scope: int, depth: int = 0) -> bool:
        """A saved value weights_only refuses: a model, a Namespace, ``x.numpy()``, something built above, or a
        list or tuple display holding one (``[train_idx, val_idx]``), or a dict built here holding one."""
        if (is_object_value(value) and not self.read_by_key(value) and not self.holds_state_dict(value, scope)) or \
                is_training_object(value) or \
                prepares_scriptable(value) or self._constructed(value, scope) or class_of(value) or \
                self._built_or_restored(value, scope):
            return True
        if self.optimizer_classes and self._groups_hold_functions(value, scope):
            return True
        if self.numpy_lr and optimizer_state(value):
            return True  # {"optimizer": optimizer.state_dict()} where the project's learning rate is NumPy
        if state_dict_call(value) and self._chains_a_scheduler(value.func.value, scope):
            return True  # {"scheduler": warmup.state_dict()}: its after_scheduler, a scheduler object, is in it
        if self.nested_records and self._nested_record_dict(value, scope):
            return True
        if isinstance(value, (ast.Call, ast.IfExp)) and self._own_state_holds_objects(value, scope):
            return True  # {"se": self.se.state_dict()}: a state method of the file's own class returning numpy
        if isinstance(value, (ast.List, ast.Tuple)):
            return any(self.holds_object(element, scope, depth) for element in value.elts)
        if isinstance(value, ast.Name) and self._module_parameter(value.id, scope):
            return True
        if isinstance(value, ast.Name) and depth < 3 and (display := self.dicts.get((scope, value.id))) is not None:
            return any(self.holds_object(entry, scope, depth + 1) for entry in display.values)
        if isinstance(value, ast.Name) and depth < 3 and (listed := self.list_display(value.id, scope)) is not None:
            return any(self.holds_object(element, scope, depth + 1) for element in listed.elts)
        return self._is_built(value, scope)

    def holds_state_dict(self, value: ast.expr, scope: int) -> bool:
        """``model = self.state_dict()`` before ``{"model": model}``: a name called like a model that the function
        binds only to a ``state_dict()`` holds tensors, whatever its name says (gns's ``save``, loaded under
        weights_only=True on 2.15)."""
        if not isinstance(value, ast.Name):
            return False
        bindings = self.provenance.bindings.get(self.provenance.key(value.id, scope), ())
        return bool(bindings) and all(position is None and state_dict_call(bound) for bound, position, _ in bindings)

    def _chains_a_scheduler(self, receiver: ast.expr, scope: int) -> bool:
        """The name (or ``self.x``) is bound here to a scheduler built with another as ``after_scheduler=``: the
        GradualWarmupScheduler copied from pytorch-gradual-warmup-lr keeps it as an attribute, so LRScheduler's
        ``state_dict()`` (every attribute but the optimizer) holds that scheduler object, which weights_only refuses
        ("Unsupported global: GLOBAL torch.optim.lr_scheduler.CosineAnnealingLR", run on 2.15)."""
        name = dotted_name(receiver)
        if name is None:
            return False
        bindings = self.provenance.bindings.get(self.provenance.key(name, scope), ())
        return any(isinstance(bound, ast.Call) and any(
            keyword.arg == "after_scheduler" and not (isinstance(keyword.value, ast.Constant) and keyword.value.value is None)
            for keyword in bound.keywords) for bound, _, _ in bindings)

    def _module_parameter(self, name: str, scope: int) -> bool:
        """``def train(student: nn.Module, ...)`` saving ``{"net": student}``: a parameter annotated as torch's module
        class, rebound (if at all) only to itself moved or switched (``student = student.to(device).train()``), is a
        whole model, which weights_only refuses ("Unsupported global", run on 2.15)."""
        if self.annotated_objects.get((scope, name)) != "Module":
            return False
        bindings = self.provenance.bindings.get(self.provenance.key(name, scope), ())
        return all(isinstance(moved := returned_itself(bound), ast.Name) and moved.id == name
                   for bound, _, _ in bindings)

    def list_display(self, name: str, scope: int) -> ast.List | ast.Tuple | None:
        """The one list or tuple display the function binds ``name`` to (curl's ``payload = [self.obses[a:b], ...]``
        before ``torch.save(payload, path)``)."""
        bindings = self.provenance.bindings.get(self.provenance.key(name, scope), ())
        if len(bindings) == 1 and isinstance(bound := bindings[0][0], (ast.List, ast.Tuple)) and bound.elts:
            return bound
        return None

    def _nested_record_dict(self, value: ast.expr, scope: int) -> bool:
        """``self.config._asdict()`` where a binding of ``self.config`` builds one of the file's nested_records
        (``merge_config(TrainerConfig(), kwargs)``): the shallow dict holds the nested record instances."""
        if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr == "_asdict"
                and not value.args and (name := dotted_name(value.func.value)) is not None):
            return False
        return any(isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in self.nested_records
                   for bound, _, _ in self.provenance.bindings.get(self.provenance.key(name, scope), ())
                   for node in walk_nodes(bound))

    def _groups_hold_functions(self, value: ast.expr, scope: int) -> bool:
        """``optimizer.state_dict()`` where ``optimizer = LARS(..., weight_decay_filter=exclude_bias_and_norm)``: an
        optimizer class of the file (optimizer_group_options) given a function of the file or a lambda for an option
        it keeps in its param groups; the state dict then holds that function object."""
        if not (state_dict_call(value) and isinstance(value.func.value, ast.Name)):
            return False
        for bound, _, _ in self.provenance.bindings.get((scope, value.func.value.id), ()):
            if isinstance(bound, ast.Call) and isinstance(bound.func, ast.Name) and (
                    options := self.optimizer_classes.get(bound.func.id)) and any(
                    keyword.arg in options and (isinstance(keyword.value, ast.Lambda) or (
                        isinstance(keyword.value, ast.Name) and keyword.value.id in self.local_functions))
                    for keyword in bound.keywords):
                return True
        return False

    def _item_constructed(self, saved: ast.Subscript, scope: int) -> bool:
        """``torch.save(self.data["dev"], p)`` where every binding of ``self.data["dev"]`` in the class (None aside)
        builds an instance weights_only refuses: ``Subset(...)``, a Dataset class of the project's, a local name bound
        only to one (``new_train = ConcatTensorDataset(...)``), or item i of what a method of the class returns there
        (``self.data["test"], names = self._get_dataset(f)``, whose ``return datasets, names`` holds such an instance).
        A whole Dataset object saved as a cache: ``Unsupported global: GLOBAL torch.utils.data.dataset.Subset``."""
        owner = self.provenance.owners.get(scope, "")
        # (the cache pattern's other binding, a torch.load of the file, is what is asked about)
        bound = [entry for entry in self.item_bindings.get((owner, *self_item(saved)), ())
                 if not isinstance(entry[0], ast.Constant) and id(entry[0]) not in self.load_ids]
        # a call handed one of the attribute's own items (``self.data["train"], self.data["dev"] =
        # self.processor.split(self.data["train"])``) makes its value from them, like a rebinding of a name from itself:
        # it decides nothing either way
        building = [entry for entry in bound if self._builds_instance(*entry, owner)]
        return bool(building) and all(entry in building or (isinstance(entry[0], ast.Call) and any(
            isinstance(node, ast.Subscript) and self_item(node) is not None and node.value.attr == saved.value.attr
            for argument in (*entry[0].args, *(keyword.value for keyword in entry[0].keywords))
            for node in walk_nodes(argument))) for entry in bound)

    def _builds_instance(self, value: ast.expr, position: int | None, scope: int, owner: str, depth: int = 0) -> bool:
        if position is not None:
            if isinstance(value, ast.Tuple):
                return position < len(value.elts) and self._builds_instance(value.elts[position], None, scope, owner, depth)
            callee = dotted_name(value.func) if isinstance(value, ast.Call) else None
            returned = self.method_returns.get(f"{owner}.{callee[5:]}", ()) if callee and callee.startswith("self.") \
                and callee.count(".") == 1 and depth < 4 else ()
            return bool(returned) and all(isinstance(node, ast.Tuple) and position < len(node.elts) and
                                          self._builds_instance(node.elts[position], None, where, owner, depth + 1)
                                          for node, where in returned)
        if isinstance(value, ast.Name) and depth < 4:
            bound = [entry for entry in self.provenance.bindings.get((scope, value.id), ())
                     if not isinstance(entry[0], ast.Constant)]
            return bool(bound) and all(self._builds_instance(bound_value, bound_position, where, owner, depth + 1)
                                       for bound_value, bound_position, where in bound)
        return self._constructs(value)

    def _instance_value(self, value: ast.expr, scope: int, owner: str, depth: int) -> bool:
        """``value`` is an instance weights_only refuses by what builds it: a constructor (:meth:`_constructs`: a
        class of the file or of a package other than torch and the standard library, ``Graph(x=x)``), a call of a
        plain function of the file (or a method of the class through ``self.``) whose every return builds one
        (``data = read_planetoid_data(d)`` where it ends ``data = Graph(...); ...; return data``), or a name every
        binding of which (a torch.load aside: the cache pattern's other branch) is one of those."""
        if depth > 8:  # (each function called adds two)
            return False
        if isinstance(value, ast.Call):
            return self._constructs(value) or self._returns_instance(value, None, owner, depth + 1)
        if not isinstance(value, ast.Name):
            return False
        bound = [entry for entry in self.provenance.bindings.get((scope, value.id), ())
                 if id(entry[0]) not in self.load_ids and not (isinstance(entry[0], ast.Constant) and entry[0].value is None)]
        if not bound:
            return False
        for bound_value, position, where in bound:
            if position is None:
                if not self._instance_value(bound_value, where, owner, depth + 1):
                    return False
            elif isinstance(bound_value, ast.Tuple):
                if position >= len(bound_value.elts) or not self._instance_value(
                        bound_value.elts[position], where, owner, depth + 1):
                    return False
            elif not (isinstance(bound_value, ast.Call) and self._returns_instance(bound_value, position, owner, depth + 1)):
                return False
        return True

    def _returns_instance(self, call: ast.Call, position: int | None, owner: str, depth: int) -> bool:
        """A call of a plain function of the file, or of ``self.method`` of ``owner``, whose every return (None aside;
        item ``position`` of a returned tuple) is an instance by :meth:`_instance_value`."""
        callee = dotted_name(call.func)
        if isinstance(call.func, ast.Name) and (function := self.provenance.functions.get(call.func.id)) is not None:
            inner, definition = function
            returned = [(node.value, inner) for node in own_statements(definition)
                        if isinstance(node, ast.Return) and node.value is not None]
        elif owner and callee and callee.startswith("self.") and callee.count(".") == 1:
            returned = self.method_returns.get(f"{owner}.{callee[5:]}", [])
        else:
            return False
        values = []
        for value, where in returned:
            if isinstance(value, ast.Constant) and value.value is None:
                continue
            if position is not None:
                if not isinstance(value, ast.Tuple) or position >= len(value.elts):
                    return False
                value = value.elts[position]
            values.append((value, where))
        return bool(values) and all(self._instance_value(value, where, owner, depth) for value, where in values)

    def _returns_foreign(self, name: ast.Name, scope: int) -> bool:
        """``vocab_src, vocab_tgt = build_vocabulary(...)`` (bound once but to a load), where the function of the file returns, at that
        position, a name it read with an attribute no weights_only value has (``vocab_src.set_default_index(...)``
        on what ``build_vocab_from_iterator`` built): the name holds that object."""
        # (a binding to a torch.load result, the cache pattern's other branch, is what is asked about)
        bound = [entry for entry in self.provenance.bindings.get((scope, name.id), ()) if id(entry[0]) not in self.load_ids]
        if len(bound) != 1:
            return False
        value, position, _ = bound[0]
        if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Name)) or \
                (function := self.provenance.functions.get(value.func.id)) is None:
            return False
        inner, definition = function
        for node in own_statements(definition):
            if not isinstance(node, ast.Return) or node.value is None:
                continue
            returned = node.value
            if position is not None:
                if not isinstance(returned, ast.Tuple) or position >= len(returned.elts):
                    continue
                returned = returned.elts[position]
            if isinstance(returned, ast.Name) and (held := self.holding.get((inner, returned.id))) and \
                    (inner, returned.id) not in self.alternatives and self._foreign(held):
                return True
        return False

    def _own_class(self, receiver: ast.expr, scope: int) -> str | None:
        """The class of the file's own that ``receiver`` is an instance of: ``self`` in a method, or a name every
        binding of which (in its function) calls that class (``trainer = ContinuousCQL(**kwargs)``)."""
        if isinstance(receiver, ast.Name) and receiver.id == "self":
            return self.provenance.owners.get(scope)
        if not isinstance(receiver, ast.Name):
            return None
        bound = {entry[0].func.id if isinstance(entry[0], ast.Call) and isinstance(entry[0].func, ast.Name) else None
                 for entry in self.provenance.bindings.get((scope, receiver.id), ())}
        return next(iter(bound)) if len(bound) == 1 and None not in bound else None

    def _own_state_holds_objects(self, saved: ast.expr, scope: int, method: str | None = None) -> bool:
        """``torch.save(trainer.state_dict(), p)`` (or the state that ``trainer.load_state_dict(torch.load(p))``
        restores: ``method`` "state_dict") where ``trainer`` is an instance of a class the file defines and that
        class's own method returns a dict display holding an object weights_only refuses: ``{"actor":
        self.actor.state_dict(), "cql_log_alpha": self.log_alpha_prime}`` with ``self.log_alpha_prime = Scalar(1.0)``
        (an nn.Module of the project's; a binding to None or to an item read back leaves it so). A project method
        named state_dict is not torch's: what it returns decides (only tensors, numbers and nested state_dict()s load).
        """
        if method is None:
            if isinstance(saved, ast.IfExp):  # self.se.state_dict() if self.is_snap else None: a run with the option
                return self._own_state_holds_objects(saved.body, scope) or \
                    self._own_state_holds_objects(saved.orelse, scope)
            if not (isinstance(saved, ast.Call) and isinstance(saved.func, ast.Attribute) and not saved.args
                    and not saved.keywords):
                return False
            saved, method = saved.func.value, saved.func.attr
        owner = self._own_class(saved, scope) or self._attribute_class(saved, scope)
        if owner is None:
            return False
        if method == "state_dict" and owner in self.scheduler_holders:
            return True  # a warm-up scheduler keeping the scheduler it hands over to (returns.holds_scheduler)
        for returned, where in self.method_returns.get(f"{owner}.{method}", ()):
            display = returned if isinstance(returned, ast.Dict) else (
                self.dicts.get((where, returned.id)) if isinstance(returned, ast.Name) else None)
            if display is None:
                continue
            for value in display.values:
                # an instance weights_only refuses, or numpy the class builds (``self.best_loss = np.array(...)``)
                if isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name) and value.value.id == "self" \
                        and (self.attribute_instances.get((owner, value.attr)) or
                             (owner, value.attr) in self.built_attributes):
                    return True
        return False

    def _attribute_class(self, receiver: ast.expr, scope: int) -> str | None:
        """``self.se`` where every binding of that attribute in the class builds one class of the file's own
        (``self.se = SnapshotEns(...)``; None or an item read back aside): the class whose method it calls."""
        if not (isinstance(receiver, ast.Attribute) and isinstance(receiver.value, ast.Name)
                and receiver.value.id == "self"):
            return None
        key = (self.provenance.owners.get(scope, ""), receiver.attr)
        built = {call.func.id if isinstance(call.func, ast.Name) else None for call in self.attribute_calls.get(key, ())}
        if not self.attribute_instances.get(key) or len(built) != 1 or not built <= self.local_classes:
            return None
        return next(iter(built))


def _local_names(function: ast.AST) -> set[str]:
    """The names ``function`` binds in its own body (Python makes each local there), less those it declares global."""
    arguments = function.args
    names = {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs,
                             *filter(None, (arguments.vararg, arguments.kwarg)))}
    declared = set()
    for node in own_nodes(function):
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            names.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((alias.asname or alias.name).partition(".")[0] for alias in node.names)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            declared.update(node.names)
    return names - declared


def _alternative_constructor(callee: str, head: str, last: str) -> bool:
    """``Cls.from*(...)`` on a CapWords name outside torch: a classmethod constructor, whose instance weights_only
    refuses (a custom class, a datetime, a DataFrame); OrderedDict.fromkeys gives an allowlisted dict."""
    if not last.startswith("from") or head == "torch" or callee.count(".") < 1:
        return False
    owner = callee.rsplit(".", 2)[-2]
    return owner[:1].isupper() and not owner.isupper() and owner != "OrderedDict"


def _built_call(value: ast.expr) -> ast.expr:
    """``nn.CrossEntropyLoss().to(device)`` -> the constructor call; ``A(...) if c else B(...)`` -> the first, when
    both construct (else the whole expression, which constructs nothing)."""
    value = unmoved(value)
    if isinstance(value, ast.IfExp):
        body, orelse = _built_call(value.body), _built_call(value.orelse)
        return body if isinstance(body, ast.Call) and isinstance(orelse, ast.Call) and \
            dotted_name(body.func) == dotted_name(orelse.func) else value
    return value
