"""Call checks for the walker: a call's callee resolved (a torch function, a method on an unknown receiver, a
method on ``self`` of a module class, a name bound to a ruled callable, a hub call) and matched against the call
rules, with receivers that are not tensors (another library's object, the project's own function) left out.
"""

from __future__ import annotations

import ast
import os
import re
from dataclasses import replace
from typing import Iterator

from .aliases import alias_key
from .backwardgrads import one_element_vector, passed_gradient
from .hubtrust import HUB_CALLS, module_constants, repo_choices, repo_of, trusted_earlier
from .foreignattrs import handed_foreign
from .listednames import unused_getattr_default
from .namechoices import NameChoices, choice_names, is_named_getattr
from .unusedimports import type_test_operands
from .imports import VARIABLE_CALLS, dotted_name, own_nodes, walk_nodes, walk_tree
from .intdivision import INDEX_PAIRS
from .loadedforms import TENSOR_FACTORIES
from .checkpoints import is_save_call
from .uint8masks import _maker_span
from .probes import probe_rules
from .schedulers import counter_argument
from .selfmethods import defines, module_rules
from .receivers import instance_bindings, local_bindings
from .zerodim import tensor_evidence, zero_dim_expression
from .tensorsizes import passes_tensor_size
from .spread import SpreadCall, filled_keywords
from .forwarded import forwarded_defaults, quiet_defaults
from .patterns import fractional_argument_like, matches_call, passes_numpy_input, positional_as_keywords
from .rule import Rule
from .attrsaves import saved_attribute_names, saves_whole_parts
from .walkguards import _SAFE_GLOBALS

# an empty or one-element tensor made to be refilled (img = Variable(torch.FloatTensor(1)))
_PLACEHOLDER_MAKERS = frozenset({"torch.Tensor", "torch.FloatTensor", "torch.DoubleTensor", "torch.LongTensor",
                                 "torch.cuda.FloatTensor", "torch.cuda.LongTensor"})

# torchvision's reference scripts' helper (references/classification/utils.py, copied into many projects):
# ``def save_on_master(*args, **kwargs): if is_main_process(): torch.save(*args, **kwargs)``, the same arguments
_MAIN_SAVES = frozenset({"save_on_master", "save_on_main_process"})
_ANY_NAME = r"\w+"  # scheduler.step(<any name>) on a receiver known to be an epoch-warning scheduler
# methods a tensor has and a PIL image or a NumPy array has not (their size is an attribute, resize_ is torch's)
_TENSOR_ONLY_METHODS = frozenset({"cuda", "resize_", "size", "dim", "numel", "unsqueeze", "contiguous", "detach",
                                  "requires_grad_", "new_zeros", "new_ones", "masked_fill", "masked_fill_"})


# Keywords a project's save helper takes the checkpoint by (``misc.save_model(model="D", step=s, states=d_states)``,
# ``save_checkpoint(state=ckpt, is_best=b)``): a call passing nothing positionally saves that value. Not the
# ``to_save=``/``save_dict=`` of ignite's Checkpoint and MONAI's CheckpointSaver: those save each object's state_dict.
_SAVED_KEYWORDS = ("states", "state", "checkpoint", "ckpt", "obj")


def _keyword_saved(node: ast.Call) -> ast.Call:
    """``save_model(model="D", states=d)`` (a save function given only keywords) as ``save_model(d)``, to read the
    layout of what it saves; the call itself otherwise (a class such as ``CheckpointSaver(...)`` builds a saver)."""
    name = (dotted_name(node.func) or "").rpartition(".")[2]
    if node.args or name[:1].isupper():
        return node
    by_name = {keyword.arg: keyword.value for keyword in node.keywords if keyword.arg is not None}
    saved = next((by_name[name] for name in _SAVED_KEYWORDS if name in by_name), None)
    return node if saved is None else ast.copy_location(ast.Call(func=node.func, args=[saved], keywords=[]), node)


def _positional_save(node: ast.Call) -> ast.Call:
    """``torch.save(obj=x, f=p)`` (or ``torch.save(x, f=p)``) as the call ``torch.save(x, p)`` it makes; the call itself
    when it passes both positionally. The values are the call's own nodes, so what was noted of them still holds."""
    if len(node.args) >= 2 or not node.keywords:
        return node
    by_name = {keyword.arg: keyword.value for keyword in node.keywords if keyword.arg is not None}
    args = list(node.args)
    for name in ("obj", "f")[len(args):]:
        if name not in by_name:
            return node
        args.append(by_name[name])
    call = ast.Call(func=node.func, args=args,
                    keywords=[keyword for keyword in node.keywords if keyword.arg not in ("obj", "f")])
    return ast.copy_location(call, node)


def _saves_on_main(call: ast.Call) -> bool:
    """``utils.save_on_master(obj, path)``: torch.save on the main process, called like torch.save."""
    return len(call.args) >= 2 and (name := dotted_name(call.func)) is not None and \
        name.rsplit(".", 1)[-1] in _MAIN_SAVES


_CONFIG_PATCH = ".config.patch"  # torch._dynamo.config.patch, torch._inductor.config.patch, ...: flags by name
# methods known by name alone, whose keywords the accepted-keyword data lists (radar/keywords.py METHODS)
_KNOWN_METHODS = {"backward": "torch.Tensor.backward"}


_PROJECT_FILES = ("setup.py", "setup.cfg", "pyproject.toml")  # what marks a project's root folder


# sys.path.append("..") / sys.path.insert(0, os.path.join(here, "../")): the script's parent folder
_PARENT_ON_PATH = re.compile(r"sys\.path\.(?:append|insert)\([^\n]*['\"]\.\./?['\"]")


# folders of scripts run from the project's root with it on PYTHONPATH (pysot's tools/train.py imports pysot.utils)
_SCRIPT_FOLDERS = frozenset({"tools", "tool", "scripts", "script", "bin", "train", "apps", "demo", "experiments"})


def own_roots(filename: str, text: str | None = None) -> list[str]:
    """The folders an absolute import of the project's own modules is read from: the file's folder (a script
    beside ``loss/``) and, up its packages (folders with ``__init__.py``), the folder holding the top one, with
    its ``src/`` (the src layout: ``tests/core/test_x.py`` importing ``flash.core`` from ``src/flash/core``). A
    ``tests/`` (or ``test/``) folder that is no package is the project's test suite: it imports the project's
    packages from the folder above it (``tests/test_io.py`` importing ``torchsnapshot`` beside ``tests/``), as does
    any script folder under the project's root, the folder with its ``setup.py`` (``tools/train.py`` importing
    ``pysot.utils`` once the project is installed), and a folder named for scripts (``tools/``, ``scripts/``) that is no
    package, without one: its scripts run with the root on PYTHONPATH (SiamCAR's README). A script that puts the
    folder above it on ``sys.path`` (``sys.path.append(os.path.join(dir_name, '..'))``) imports from there too, and
    so does a file whose dotted absolute import names a module found whole under a folder above it
    (_dotted_import_roots)."""
    if not os.path.isfile(filename):
        return []
    folder = os.path.dirname(os.path.abspath(filename))
    roots = [folder]
    if text and "sys.path" in text and _PARENT_ON_PATH.search(text):
        roots.append(os.path.dirname(folder))
    for _ in range(32):
        if not os.path.isfile(os.path.join(folder, "__init__.py")):
            break
        folder = os.path.dirname(folder)
        roots.append(folder)
    parent = os.path.dirname(folder)
    if os.path.basename(folder) in ("tests", "test") or any(
            os.path.isfile(os.path.join(parent, name)) for name in _PROJECT_FILES) or \
            len(roots) == 1 and os.path.basename(folder) in _SCRIPT_FOLDERS:
        folder = parent
        roots.append(folder)
    if os.path.isdir(source := os.path.join(folder, "src")):
        roots.append(source)
    if text and "." in text:
        roots += [found for found in _dotted_import_roots(os.path.dirname(os.path.abspath(filename)), text)
                  if found not in roots]
    return roots


_DOTTED_IMPORT = re.compile(r"^[ \t]*(?:from|import)[ \t]+([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)", re.MULTILINE)


def _dotted_import_roots(folder: str, text: str) -> Iterator[str]:
    """A folder above ``folder`` holding the modules a dotted absolute import names (``from lib.utils.utils import
    get_scheduler`` in ``lib/models/base_model.py``, whose folders have no ``__init__.py``: the scripts run from the
    folder holding ``lib/``); the module's whole path must be there."""
    for dotted in dict.fromkeys(_DOTTED_IMPORT.findall(text)):
        parts = dotted.split(".")
        ancestor = os.path.dirname(folder)
        for _ in range(4):
            base = os.path.join(ancestor, *parts)
            if os.path.isfile(base + ".py") or os.path.isfile(os.path.join(base, "__init__.py")):
                yield ancestor
                break
            if os.path.dirname(ancestor) == ancestor:
                break
            ancestor = os.path.dirname(ancestor)


class CallChecks:
    # --- calls --------------------------------------------------------------------
    def _super_ref(self, func: ast.Attribute) -> tuple[str, str] | None:
        """``super().save_state(...)`` in a class whose first base is a class imported from a module of the project:
        (that module's path suffix, ``Base.save_state``), the method the call runs."""
        if not (isinstance(func.value, ast.Call) and isinstance(func.value.func, ast.Name) and
                func.value.func.id == "super" and not func.value.args and self.class_nodes and self.loads.imported):
            return None
        bases = [base for base in self.class_nodes[-1].bases if isinstance(base, ast.Name)]
        if not bases or (imported := self.loads.imported.get(bases[0].id)) is None:
            return None
        return imported[0], f"{imported[1]}.{func.attr}"

    def visit_Tuple(self, node: ast.Tuple) -> None:
        """``(torch.hub.load, {"repo_or_dir": "kdexd/virtex", "model": "resnet50"})``: a hub function paired with a dict
        of its keyword arguments (a table of builders, called as ``entry[0](**entry[1])``) is checked as the call
        those keywords make, at the function's name."""
        elts = node.elts
        if len(elts) == 2 and elts[1].__class__ is ast.Dict and elts[0].__class__ is ast.Attribute and elts[1].keys \
                and all(isinstance(key, ast.Constant) and isinstance(key.value, str) for key in elts[1].keys) and \
                (api := self._resolve(elts[0])) in HUB_CALLS and api in self.rules.by_call:
            call = ast.copy_location(ast.Call(elts[0], [], [ast.keyword(key.value, value) for key, value in zip(
                elts[1].keys, elts[1].values)]), elts[0])
            self._check_call(call, api, self.rules.by_call[api])
        self.generic_visit(node)

    def _check_backward_grad(self, call: ast.Call) -> None:
        """``errD_real.backward(one)``: a one-element gradient for a 0-dim loss (backwardgrads.py)."""
        gradient = passed_gradient(call)
        if gradient is not None and one_element_vector(gradient, self._resolve, self._holds_one_element) \
                and self._zero_dim_value(call.func.value):
            self._report(call, "torch.Tensor.backward", self.rules.by_backward_grad)

    def visit_Call(self, node: ast.Call) -> None:
        # the callee's shape, told once: every call of every file comes through here, and the tests below asked it
        # again and again (``f(...)``: its name; ``self.m(...)``: a method on self)
        func = node.func
        called = func.id if func.__class__ is ast.Name else None
        on_self = func.__class__ is ast.Attribute and func.value.__class__ is ast.Name and func.value.id == "self"
        self.calls[id(func)] = node
        if len(node.args) == 2 and called in ("isinstance", "issubclass"):
            self.compared.update(type_test_operands(node))
        if self.row_parameters is not None:
            self._check_row_reads(node)
        if (self.rules.by_zero_dim_cat or self.rules.by_scalar_index) and node.args and func.__class__ is ast.Attribute:
            self._note_zero_dim_cat(node, func)
        if func.__class__ is ast.Attribute and func.attr in _VECTOR_PRODUCTS and len(node.args) == 2 and \
                self._resolve(func) == f"torch.{func.attr}":
            # torch.dot(v0.T, v0): the operands of a vector product are 1-D, so a .T among them is on a 1-D tensor
            self.vector_operands.update(id(arg) for arg in node.args if arg.__class__ is ast.Attribute and arg.attr == "T")
        if called == "round" and node.args and self.rules.by_zero_dim_round and self._resolve(func) is None and \
                self._holds_zero_dim(node.args[0]):
            self._report(node, "torch.Tensor.__round__", self.rules.by_zero_dim_round)
        if called == "getattr" and len(node.args) == 3:
            self.unused_defaults |= unused_getattr_default(node, self._resolve, self._removed)
        if self.classes and called == "setattr":
            self.class_facts.note_store(self.classes[-1], "*")
        self.loads.note_call(node, self.scope)
        if called is not None and called in self.loads.local_functions:
            self.loads.provenance.note_call(node, self.scope)
        elif node.args and (saver := _saver_name(func, called, self.loads)) is not None and \
                (ref := self.loads.call_ref(node, self.scope)) is not None and ref[1] == saver:
            # save_checkpoint(epoch, train_acc, ...) imported, or utils.save_models(encoder, optimizer, ...)
            self.positional_saves.append((node, self.scope, ref))
        elif self.classes and on_self:
            self.loads.provenance.note_self_call(node, self.scope)
        elif node.keywords and isinstance(node.func, ast.Attribute) and "save" in node.func.attr.lower() and \
                (self.loads.imported or self.loads.imported_modules) and \
                (ref := self.loads.call_ref(node, self.scope)) is not None:
            self.keyword_saves.append((node, self.scope, ref))  # trainer.save(best_map=m): see _settle_keywords
        elif node.keywords and isinstance(node.func, ast.Attribute) and "save" in node.func.attr.lower() and \
                (ref := self._super_ref(node.func)) is not None:
            self.keyword_saves.append((node, self.scope, ref))  # super().save_state(overlap_map=...) of an imported base
        elif node.keywords and isinstance(node.func, ast.Attribute) and "save" in node.func.attr.lower() and \
                not self.loads.quiet:
            # getattr(m, "module", m).vision_model.save(f, other_items=d): a method of whichever class defines it
            self.keyword_saves.append((node, self.scope, ("", f".{node.func.attr}")))
        if func.__class__ is ast.Attribute and func.attr == "backward" and self.rules.by_backward_grad \
                and (node.args or node.keywords):
            self._check_backward_grad(node)
        if self.rules.by_probe and called is not None:
            probed, rules = probe_rules(node, self.rules.by_probe, self._resolve)
            if rules:
                self._report(node, probed, rules)
        api = self._resolve(node.func)
        if api is None and not self.guarded and is_named_getattr(node.func):
            self._check_named_getattr(node)
        elif not self.guarded and is_named_getattr(node):
            for qualified in self._getattr_choices(node):
                self._check_qualified(node, qualified)
        if api in _SAFE_GLOBALS[1:]:
            self.allowlisted = True
        # (in a quiet file, whose text spells no ``save``, no call is a save: see LoadedObjects.quiet)
        elif api == "torch.save" or (api is None and not self.loads.quiet and _saves_on_main(node)):
            node = _positional_save(node)  # torch.save(obj=state, f=path): read as torch.save(state, path)
            if node.args and isinstance(node.args[0], ast.Name) and api == "torch.save":
                self.whole_saves.append((node.args[0], self.scope, node))
            saved_objects = self.loads.note_save(node, self.scope, bool(node.args) and saves_whole_parts(
                saved_attribute_names(node.args[0], self.scope, self.loads.loop_nodes,
                                      self.class_nodes[-1] if self.class_nodes else None)))
            for named in (self.loads.file_names(node.args[1], self.scope) if len(node.args) > 1 else ()):
                if saved_objects:
                    self.evidence.object_files.setdefault(named, node.lineno)
                else:
                    self.evidence.plain_files.add(named)
                    self.plain_file_saves.setdefault(named, set()).add(node.lineno)
        elif api == "torch.load":
            self.loads.note_load(node, self.scope)
            if self.in_try:
                self.try_loads.add(id(node))
            if self.branch_path:
                self.load_branches[id(node)] = tuple(self.branch_path)
            if any(kw.arg == "weights_only" and isinstance(kw.value, ast.Constant) and kw.value.value is True
                   for kw in node.keywords):
                self.weights_only_loads.append(node)
        if not self.loads.quiet and is_save_call(node, api) and (saved := _keyword_saved(node)).args:
            self._note_saved(saved, api)
        if called is not None and node.args and (  # load_state_dict("./models/v1-5-pruned.ckpt")
                called in self.loads.imported or called in self.loads.local_functions):
            self.evidence.ckpt_calls.update((node.func.id, position) for position, arg in enumerate(node.args)
                                            if self.loads.is_ckpt_path(arg, self.scope))
        if self.writer_imports:
            self._note_writer(node)
        if node.keywords and self.rules.keyword_rule is not None:
            if api is not None:
                self._check_keywords(node, api)
            elif func.__class__ is ast.Attribute and func.attr in _KNOWN_METHODS and self.imports.imports_torch:
                self._check_keywords(node, _KNOWN_METHODS[func.attr], by_name=True)  # loss.backward(retain_variables=True)
        if api is not None and api.endswith(_CONFIG_PATCH):
            self._check_config_patch(node, api[:-len(".patch")])
        if (self.results_of and called is not None and not self.guarded
                and (function := self.results_of.get((self.scope, called)))):
            self.return_facts.calls.append((function, node.func.id, node))
        if api is None and (node.args or node.keywords) and not self.guarded:
            self._note_passed_callables(node)
        if self.notes_topk_calls and (node.args or node.keywords) and not (api or "").startswith("torch."):
            self.topk_calls.note(node)  # utils.accuracy(out, y, topk=(1, 5)): topkviews.py
        if api is None:  # a call site of a project callable, maybe: what it passes (spread.py)
            func = node.func
            if isinstance(func, (ast.Name, ast.Attribute)):
                self.call_sites.note_site(name := func.id if isinstance(func, ast.Name) else func.attr, node,
                                          self.spreading.get(self.scope))
                if node.keywords and not self.guarded:  # passed on through **kwargs? (spread.py, configdicts.py)
                    self.call_sites.note_passed(name, node, self.rules.keyword_arguments)
                if name[:1].isupper() and node.keywords and not self.guarded and any(
                        kw.arg in self.rules.keyword_arguments for kw in node.keywords):
                    self.class_facts.constructor_calls.append((name, node))  # a subclass of torch's? (inherited.py)
        elif self.scope in self.spreading and api in self.rules.by_call and not self.guarded:
            callable_name, spread, named, method = self.spreading[self.scope]
            if any(kw.arg is None and isinstance(kw.value, ast.Name) and kw.value.id == spread for kw in node.keywords):
                filled = filled_keywords(self.scope_nodes[self.scope], spread) if self.scope in self.scope_nodes else ()
                self.call_sites.spread.append(SpreadCall(callable_name, spread, named, node, api, filled, method))
        if api is None and node.args and not self.guarded and self._is_partial(node.func):
            self._check_partial(node)
        if self.class_nodes and func.__class__ is ast.Attribute and func.attr == "__init__" and \
                (base := self._explicit_base_init(node)) is not None:
            # _LRScheduler.__init__(self, optimizer, last_epoch, verbose=verbose): the base's constructor, as super()'s
            self._check_base_init(ast.Call(node.func, node.args[1:], node.keywords, lineno=node.lineno,
                                           col_offset=node.col_offset, end_lineno=node.end_lineno,
                                           end_col_offset=node.end_col_offset), base)
        if api is not None and api in self.rules.by_call:
            self._check_call(node, api, self.rules.by_call[api])
            rules = self.rules.by_call[api]
            if not self.guarded and (self.scope in self.defaults_of or (
                    self.classes and any(rule.none_is_unset for rule in rules))) and (node.keywords or node.args):
                callable_name, defaults = self.defaults_of.get(self.scope, (None, {}))
                owner = self._method_owner() if self.classes else None
                self.call_sites.forwarded += forwarded_defaults(node, rules, api, callable_name, defaults, owner)
            elif not self.guarded and (method := self._forwarding_method()) is not None:
                # `def _gumbel_softmax(logits, tau=1, eps=1e-10)` in a class, called as self._gumbel_softmax(x):
                # every call of that method name decides, whichever class defines it (forwarded.py)
                self.call_sites.forwarded += [forwarded._replace(method=True) for forwarded in forwarded_defaults(
                    node, [rule for rule in rules if not rule.none_is_unset], api, method.name, quiet_defaults(method))]
        elif self.aliases and (key := alias_key(node.func, self.classes[-1] if self.classes else "")) in self.aliases:
            self._check_alias_call(node, self.aliases[key])
        elif self.classes and not self.guarded and on_self:
            self.class_facts.note_call(self.classes[-1], node)
        elif self._is_super_init(node):
            if self.classes and self.foreign:  # super().__init__(scheduler=scheduler) with `scheduler: olmo.Scheduler`
                self.foreign_attributes.update(handed_foreign(node, self.classes[-1], self._is_foreign_name))
            for base in self.bases:
                if f"{base}.__init__" in self.rules.by_call:  # super().__init__(x) is Base.__init__(self, x)
                    as_explicit = ast.Call(node.func, [ast.Name("self"), *node.args], node.keywords)
                    as_explicit.lineno, as_explicit.col_offset = node.lineno, node.col_offset
                    self._check_call(as_explicit, f"{base}.__init__", self.rules.by_call[f"{base}.__init__"])
            for base in self.super_bases:
                self._check_base_init(node, base)
        if func.__class__ is ast.Attribute and func.value.__class__ is ast.Call and self.class_nodes and \
                func.attr == "step" and dotted_name(func.value.func) == "super":
            # super().step(epoch) in a scheduler subclass runs torch's step, whatever the class defines (not
            # super().get_lr() in its get_lr: torch's step() calls that one, flagged as within a step)
            self._check_scheduler_self_method(node, func.attr, via_super=True)
        elif isinstance(node.func, ast.Attribute) and not on_self:
            # (self is never a tensor receiver; a method no rule names needs no look at its receiver)
            if node.func.attr in self.rules.by_method and not self._receiver_is_not_a_tensor(node.func.value):
                self._check_method(node, node.func.attr)
        elif on_self and self.classes and self.classes[-1] in self.module_classes:
            self._check_module_self_method(node, node.func.attr)
        elif on_self and self.class_nodes and node.func.attr in self.rules.receiver_methods:
            self._check_scheduler_self_method(node, node.func.attr)
        elif on_self and self.class_nodes and not self.guarded and \
                not self.class_nodes[-1].bases and module_rules(self.rules.by_method.get(node.func.attr, ()),
                                                                node.func.attr) and \
                not defines(self.class_nodes[-1], node.func.attr):
            # a mixin with no base calling an nn.Module method on self: its subclasses decide (inherited.py)
            self.class_facts.mixin_calls.append((self.classes[-1], node.func.attr, node))
        elif on_self and self.class_nodes and not self.guarded and self.classes[-1] in self.class_facts.bases and \
                self.class_facts.bases[self.classes[-1]] and module_rules(
                    self.rules.by_method.get(node.func.attr, ()), node.func.attr):
            # a class with the project's bases only: whether one is an nn.Module, the project's files tell
            self.class_facts.derived_calls.append((self.classes[-1], node.func.attr, node))
        if self._is_type_check(node):
            self._visit_type_check(node)
        else:
            self.generic_visit(node)

    @staticmethod
    def _is_type_check(node: ast.Call) -> bool:
        return (isinstance(node.func, ast.Name) and node.func.id in ("isinstance", "issubclass")
                and len(node.args) == 2 and not node.keywords)

    def _visit_type_check(self, node: ast.Call) -> None:
        """``isinstance(x, torch.storage.TypedStorage)`` names a deprecated class without building one: no
        warning. A name that is gone still raises there, so only warnings are dropped (see _report)."""
        self.visit(node.func)
        self.visit(node.args[0])
        self.type_check += 1
        self.visit(node.args[1])
        self.type_check -= 1

    def _check_keywords(self, node: ast.Call, api: str, by_name: bool = False) -> None:
        """``torch.split(t, split_size=2)``: a keyword the target's ``api`` does not accept, a TypeError there
        (acceptedkeywords.py). Not where a keyword rule of the API names the argument (its message says more).
        ``by_name``: a method known by its name alone (``x.backward(...)``), whose receiver may be another
        library's object with its own parameters (``gcam.backward(ids=ids)``): said only when every refused
        keyword is an old spelling of an accepted one (``retain_variables``: ``retain_graph``)."""
        rule = self.rules.keyword_rule
        if self.guarded or self.handled or not rule.applies_to(self.target):
            return
        index = self.rules.accepted_keywords
        refused = index.refused(api, [kw.arg for kw in node.keywords if kw.arg is not None])
        if not refused or not index.covers(self.target):
            return
        named = {name for other in self.rules.by_call.get(api, ()) if other.kind == "keyword" for name in other.arguments}
        refused = [name for name in refused if name not in named]
        if not refused:
            return
        nearest = {name: index.nearest(api, name) for name in refused}
        if by_name and None in nearest.values():
            return
        target = f"{self.target.major}.{self.target.minor}"
        listed = ", ".join(f"`{name}`" for name in refused)
        message = (f"`{api}` takes no keyword {listed} in torch {target} (TypeError: unexpected keyword argument); "
                   f"the build's signature has no such parameter")
        fix = "; ".join(f"did you mean `{new}=` for `{name}=`?" for name, new in nearest.items() if new) or rule.fix
        key = (node.lineno, node.col_offset + 1, api, rule.pattern)
        if key not in self.findings:
            self.findings[key] = self._finding(node, api, rule, message, fix)

    def _check_config_patch(self, node: ast.Call, config: str) -> None:
        """``torch._dynamo.config.patch(inline_inbuilt_nn_modules=False)``, ``patch("triton.use_block_ptr", True)``
        and ``patch({"name": value})`` set the flags they name, as an assignment would."""
        named = [(kw, kw.arg) for kw in node.keywords if kw.arg is not None]
        first = node.args[0] if node.args else None
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            named.append((first, first.value))
        elif isinstance(first, ast.Dict):
            named += [(key, key.value) for key in first.keys if isinstance(key, ast.Constant) and isinstance(key.value, str)]
        for where, flag in named:
            for api, rules in self.rules.name_rules(f"{config}.{flag}"):
                if api != config and not config.startswith(api + "."):  # a rule on the flag, not on the whole config module
                    self._report(where, api, rules, fixable=False)
            # an option the config module lacks: AttributeError "torch._dynamo.config.<name> does not exist" (at the call)
            option = flag.partition(".")[0]  # "triton.use_block_ptr": a class of options; only its first part is a name
            self._check_gone(node, f"{config}.{option}", self.rules.name_rules(f"{config}.{option}"), None)
            self._check_absent(node, config, [option], "AttributeError")

    def _is_foreign_name(self, name: str) -> bool:
        return (self.scope, name) in self.foreign

    def _check_base_init(self, node: ast.Call, base: str) -> None:
        """``super().__init__(weight, False, reduce=False)`` in a CrossEntropyLoss subclass passes what
        ``CrossEntropyLoss(weight, False, reduce=False)`` would: the constructor's keyword rules apply (a missing
        argument is the subclass's choice of default, not the caller's)."""
        keyword_rules = [rule for rule in self.rules.by_call.get(base, ()) if rule.kind == "keyword"]
        rejected = [rule for rule in keyword_rules if rule.severity == "error" and rule.value is None]
        if rejected:  # a keyword the target no longer takes raises whatever its value
            self._check_call(node, base, rejected)
        if valued := [rule for rule in keyword_rules if rule not in rejected]:
            before = set(self.findings)
            self._check_call(self._without_forwarded(node), base, valued)
            self._note_deprecated_defaults(node, [finding for key, finding in self.findings.items()
                                                  if key not in before])

    def _explicit_base_init(self, node: ast.Call) -> str | None:
        """``Base.__init__(self, ...)`` in a method of a class that subclasses torch classes, ``Base`` one of them or
        one of their ancestors (``_LRScheduler.__init__`` in a OneCycleLR subclass): that class."""
        func = node.func
        if not (isinstance(func, ast.Attribute) and func.attr == "__init__" and node.args
                and isinstance(node.args[0], ast.Name) and node.args[0].id == "self"):
            return None
        base = self._resolve(func.value)
        return base if base is not None and base.startswith("torch.") and self.super_bases else None

    @staticmethod
    def _is_super_init(node: ast.Call) -> bool:
        func = node.func
        return (isinstance(func, ast.Attribute) and func.attr == "__init__" and isinstance(func.value, ast.Call)
                and isinstance(func.value.func, ast.Name) and func.value.func.id == "super")

    def _receiver_is_not_a_tensor(self, receiver: ast.AST) -> bool:
        """``torch.linalg.qr(A)`` and ``np.linalg.qr(A)`` are functions, ``self.qr(x)`` the class's own method,
        ``sympy.Matrix(m).cholesky()`` and ``M.cholesky()`` after ``M = sympy.Matrix(m)`` a sympy method:
        none of them is the Tensor method."""
        if self.in_kernel:  # @ti.func, @wp.kernel, @njit: that library's vectors and arrays (kernels.py)
            return True
        dotted = dotted_name(receiver)
        if dotted is not None:
            return dotted in ("self", "cls") or self._is_module_or_foreign(receiver) or (
                self.foreign_attributes and self._foreign_attribute(dotted))
        return isinstance(receiver, ast.Call) and self._is_foreign(receiver.func)

    def _own_function(self, func: ast.AST) -> bool:
        """``allocate_shared_tensor(...)``, ``get_optimizer(...)`` imported from the project's own modules (a
        relative import, or ``from loss.optimizer import ...`` with ``loss/optimizer.py`` beside this file or beside
        its top package): it may return a tensor or a torch scheduler, unlike a call into another library."""
        if not isinstance(func, ast.Name) or (imported := self.loads.imported.get(func.id)) is None:
            return False
        return self._own_suffix(imported[0])

    def _own_import(self, name: str) -> bool:
        """``name`` is bound by importing one of the project's own modules or a name from one: what
        ``name.attr(...)`` returns (``TensorBufferConsumer.deserialize_tensor(...)``, ``serialization.load(...)``)
        may be a tensor, as for a function imported from there (_own_function)."""
        if (imported := self.loads.imported.get(name)) is not None:
            return self._own_suffix(imported[0])
        return name in self.loads.imported_modules and self._own_suffix(self.loads.imported_modules[name])

    def _own_suffix(self, suffix: str) -> bool:
        if suffix.startswith("/"):  # a relative import, resolved against this file
            return True
        if suffix not in self.own_modules:
            if self.own_roots is None:  # the file's roots once, not again for each module it asks about
                self.own_roots = own_roots(self.filename, self.source_text)
            roots = self.own_roots
            self.own_modules[suffix] = any(os.path.isfile(f"{root}/{suffix}.py") or os.path.isfile(
                f"{root}/{suffix}/__init__.py") for root in roots)
        return self.own_modules[suffix]

    def _foreign_attribute(self, dotted: str) -> bool:
        """``self.scheduler`` of a class whose constructor stores a parameter annotated with another library's
        class under that name (foreignattrs.py)."""
        owner, _, attr = dotted.partition(".")
        return owner == "self" and "." not in attr and bool(self.classes) and (
            self.classes[-1], attr) in self.foreign_attributes

    def _check_module_self_method(self, node: ast.Call, method: str) -> None:
        """``self.register_backward_hook(...)`` in an ``nn.Module`` subclass that does not define it (selfmethods.py)."""
        rules = [rule for rule in module_rules(self.rules.by_method.get(method, ()), method) if matches_call(rule, node)]
        if rules and not any(defines(cls, method) for cls in self.class_nodes[-1:]):
            self._report(node, rules[0].apis[0], rules)

    def _check_method(self, node: ast.Call, method: str) -> None:
        """``x.refine_names(...)``, ``self.grad_data.storage()``: the receiver's type is unknown, so the method
        name alone decides (an attribute of ``self`` holding a tensor is the common case). A rule that asks for a
        receiver named like a scheduler also takes a name this file binds to a scheduler (``shd =
        lr_scheduler.LambdaLR(...)``, ``self.schedulers.append(lr_scheduler.MultiStepLR(...))``)."""
        # x.cuda(**{"async": True}): the keywords a literal dict spreads are the call's (walkkeywords._probe)
        call = self._probe(node) if any(keyword.arg is None for keyword in node.keywords) else node
        rules = [rule for rule in self.rules.by_method.get(method, ()) if matches_call(rule, call) or (
            rule.receiver is not None and self._holds_scheduler(node.func.value)
            and (matches_call(replace(rule, receiver=None), node) or fractional_argument_like(rule, node)
                 # step(episode) on the file's StepLR: whatever it is called, its one argument is the epoch
                 or (rule.argument_like is not None and len(node.args) == 1 and isinstance(node.args[0], ast.Name)
                     and (self._only_epoch_schedulers(node.func.value) or self._option_reaches_epoch_scheduler(node))
                     and matches_call(replace(rule, receiver=None, argument_like=_ANY_NAME), node))))]
        rules = [rule for rule in rules if not rule.tensor_sizes
                 or (passes_tensor_size(node, self._resolve, self._holds_tensor_size)
                     or self._called_as_tensor(node.func.value)
                     and not (node.args and self._size_pair(node.args[0])))  # PIL's resize((w, h))
                 and not self._pil_resample(node)]
        rules = [rule for rule in rules if not rule.refills_placeholder or self._refills_placeholder(node.func.value)]
        if self.foreign_typed and rules and dotted_name(node.func.value) in self.foreign_typed:
            rules = [rule for rule in rules if rule.receiver is None]  # isinstance(s, <another library's class>)
        if method == "get_lr" and rules and self._get_lr_within_step(node.func.value):
            return  # `sched._get_lr_called_within_step = True` just before: torch's own step() does this, silently
        if method == "step" and node.args and self._passes_own_none_default(node.args[-1], len(node.args) == 2):
            return  # `def step(self, epoch=None, metric=None): ... after.step(metric, epoch)`: None unless a caller says
        if rules and (any(kw.arg == "epoch" for kw in node.keywords)  # ReduceLROnPlateau.step(metrics, epoch=n) warns too
                      or len(node.args) == 2  # and so does step(metrics, epoch) (patterns._one_argument_like)
                      or dotted_name(node.func.value) in self.not_plateau  # its one argument is the epoch
                      or self._only_epoch_schedulers(node.func.value)  # the file's StepLR, never its plateau
                      or self._option_reaches_epoch_scheduler(node)  # the StepLR its option test lets reach it
                      or any(rule.argument_like and counter_argument(node, rule.argument_like) for rule in rules)
                      and (self._builds_epoch_scheduler(node.func.value) or self._plateau_elsewhere(node.func.value)
                           or dotted_name(node.func.value) in self.not_plateau)):  # else of isinstance(s, ReduceLROnPlateau)
            rules = [replace(rule, unless_file_uses=tuple(api for api in rule.unless_file_uses
                                                          if not api.endswith(".ReduceLROnPlateau")))
                     for rule in rules]
        if rules and self._own_override(node.func.value, method):
            return  # sampler = Categorical(p); sampler.sample_n(k): the file's class defines sample_n itself
        if rules and any(rule.receiver is not None for rule in rules) and self._option_built_elsewhere(node):
            return  # lr_scheduler.step(epoch=e) under the option that built it from the project's (timm-like) class
        if rules:
            api = next(a for a in rules[0].apis if a.rsplit(".", 1)[-1] == method)
            receiver = node.func.value
            # allocate(\n ...\n).storage(): at the method's line, where the call runs, below the receiver's call
            where = _maker_span(node.func) if isinstance(receiver, ast.Call) and self._own_function(
                receiver.func) and node.func.end_lineno != node.lineno else node
            self._report(where, api, rules)
            passed = sum(not isinstance(a, ast.Starred) for a in node.args)
            # a rule that names its receiver (`scheduler.step(epoch)`) already told the type: an env's step(action)
            # elsewhere in the project does not explain it (ownmethods.py)
            if not self._holds_gradient(receiver):  # a parameter's gradient is a tensor, whatever the project defines
                self.class_facts.method_calls += [(node.lineno, rule.id, method, passed) for rule in rules
                                                  if rule.receiver is None]
            if any(rule.receiver is not None for rule in rules) and not node.keywords and not self._holds_scheduler(
                    node.func.value) and not (dotted_name(node.func.value) or "").endswith(".after_scheduler"):
                # the project's own schedulers may answer it (ownschedulers.py); not a warm-up wrapper's
                # self.after_scheduler, the torch scheduler pytorch-gradual-warmup-lr hands on to
                self.class_facts.named_receiver_calls += [(node.lineno, rule.id, method, passed) for rule in rules
                                                          if rule.receiver is not None]
            if any(rule.receiver is not None for rule in rules) and (
                    owners := self._receiver_classes(node.func.value)):
                self.class_facts.receiver_calls += [(node.lineno, rule.id, method, passed, owners) for rule in rules
                                                    if rule.receiver is not None]
            elif any(rule.receiver is not None for rule in rules) and (dotted := dotted_name(receiver)):
                # a parameter, or `self.sched = sched`: what the project builds under that name may answer it
                self.class_facts.passed_receiver_calls += [
                    (node.lineno, rule.id, method, passed, dotted.rsplit(".", 1)[-1]) for rule in rules
                    if rule.receiver is not None]

    def _size_pair(self, value: ast.expr) -> bool:
        """``(w, h)``, or a local name bound only to such pairs (``size = (256, 256) if small else (1024, 1024)``)."""
        def pair(node: ast.expr) -> bool:
            if isinstance(node, ast.IfExp):
                return pair(node.body) and pair(node.orelse)
            return isinstance(node, (ast.Tuple, ast.List))
        if not isinstance(value, ast.Name):
            return pair(value)
        bound = self.loads.provenance.bindings.get(self.loads.provenance.key(value.id, self.scope), ())
        return bool(bound) and all(position is None and pair(node) for node, position, _ in bound)

    def _pil_resample(self, call: ast.Call) -> bool:
        """``img.resize(size, Image.BICUBIC)``: a resampling filter of PIL's Image passed along: a PIL image."""
        for value in (*call.args[1:], *(kw.value for kw in call.keywords if kw.arg == "resample")):
            dotted = dotted_name(value) or ""
            head, _, last = dotted.rpartition(".")
            if last[:1].isupper() and head.rsplit(".", 1)[-1] in ("Image", "Resampling") and \
                    (head.partition(".")[0] in self.loads.pil_images or head.startswith(("PIL.", "Image"))):
                return True
        return False

    def _is_partial(self, func: ast.expr) -> bool:
        """``functools.partial`` or a ``partial`` the file imports from functools."""
        kind = func.__class__  # (a look at the callee first: asked of most calls, which are no partial)
        if (kind is ast.Name and func.id != "partial") or (kind is ast.Attribute and func.attr != "partial"):
            return False
        dotted = dotted_name(func)
        if dotted == "functools.partial":
            return True
        if dotted != "partial" or self.tree is None:
            return False
        if self.partial_imported is None:
            self.partial_imported = any(
                isinstance(statement, ast.ImportFrom) and statement.module == "functools"
                and any(alias.name == "partial" and alias.asname is None for alias in statement.names)
                for statement in walk_tree(self.tree))
        return self.partial_imported

    def _check_partial(self, node: ast.Call) -> None:
        """``functools.partial(lr_scheduler.ReduceLROnPlateau, mode="min", verbose=verbose)``: every call of the
        partial passes those keywords on, so the callable's rules on a keyword passed apply here. A rule on a
        keyword left out (``partial(checkpoint, block)`` without ``use_reentrant``) applies too where the file
        never passes that keyword by name anywhere: no caller of the partial can be the one that adds it."""
        api = self._resolve(node.args[0])
        passed = {kw.arg for kw in node.keywords if kw.arg}
        rules = [rule for rule in self.rules.by_call.get(api, ()) if not rule.when and (
            rule.kind == "keyword" and passed.intersection(rule.arguments)
            or rule.kind == "missing-argument" and not any(kw.arg is None for kw in node.keywords)
            and not self._names_keyword(rule.argument))] if api else []
        if rules:
            bound = ast.copy_location(ast.Call(node.args[0], node.args[1:], node.keywords), node)
            bound.end_lineno, bound.end_col_offset = node.end_lineno, node.end_col_offset
            self._check_call(bound, api, rules)

    def _names_keyword(self, argument: str | tuple[str, ...] | None) -> bool:
        """The file's text passes ``argument=`` (any of them) somewhere, or cannot be read: a call may add it."""
        if argument is None or self.source_text is None:
            return True
        names = (argument,) if isinstance(argument, str) else argument
        return any(re.search(rf"\b{re.escape(name)}\s*=", self.source_text) for name in names)

    def _note_zero_dim_cat(self, node: ast.Call, func: ast.Attribute) -> None:
        """``losses.append(loss.data)`` fills a list with 0-dim values; ``torch.cat(losses)`` then raises, and so does
        ``l.data[0]`` for each item (``[l.data[0] for l in losses]``: walkbindings._zero_dim_target)."""
        if func.attr == "append" and len(node.args) == 1:
            appended = node.args[0]
            # a loss known by its name alone counts through the pre-0.4 `.data` (per-sample losses are lists too)
            if (key := self._list_key(func.value)) is not None and (self._zero_dim_value(appended) or (
                    appended.__class__ is ast.Attribute and appended.attr == "data" and self._zero_dim_data(appended))):
                self.zero_appended.add(key)
        elif func.attr == "cat" and (key := self._list_key(node.args[0])) is not None and \
                (key in self.zero_appended or key in self.zero_lists) and self._resolve(func) == "torch.cat":
            self._report(node, "torch.cat", self.rules.by_zero_dim_cat)
        elif func.attr == "cat" and (listed := node.args[0]).__class__ in (ast.ListComp, ast.GeneratorExp) and \
                listed.elt.__class__ is not ast.Name and self._resolve(func) == "torch.cat" and \
                self._zero_dim_value(listed.elt):
            # torch.cat([self.cosine_sim(a[k], b[k]) for k in range(n)]) of a method returning a.dot(b) / ...
            self._report(node, "torch.cat", self.rules.by_zero_dim_cat)

    def _list_key(self, node: ast.expr) -> tuple[int, str] | None:
        """``losses`` in this scope, ``self.losses`` in any method of the class."""
        if node.__class__ is ast.Name:
            return self.scope, node.id
        dotted = dotted_name(node)
        return (0, dotted) if dotted is not None and dotted.startswith("self.") and dotted.count(".") == 1 else None

    def _holds_zero_dim(self, value: ast.expr) -> bool:
        """Arithmetic with a 0-dim tensor in it, which gives a tensor whatever the other operands are
        (``100. * correct / (i + k)``): a 0-dim value that only a tensor gives (``x.cpu().sum()``, not NumPy's
        ``xs.mean()``), a name bound to one, or a count that started at 0 and grew by one (``correct += x.eq(y).sum()``)."""
        while value.__class__ is ast.UnaryOp:
            value = value.operand
        if value.__class__ is ast.BinOp:
            return self._holds_zero_dim(value.left) or self._holds_zero_dim(value.right)
        if value.__class__ is ast.Name:
            key = (self.scope, value.id)
            return key in self.tensor_zero_dim or key in self.tensor_totals
        return tensor_evidence(value, self._resolve) and zero_dim_expression(value, self._resolve, self._zero_dim_leaf)

    def _called_as_tensor(self, receiver: ast.AST) -> bool:
        """A name the enclosing function also calls a tensor-only method on (``X.resize_(n, d)``, ``X.cuda()``,
        ``X.size()``): a tensor there, not a PIL image or a NumPy array, whose ``resize`` is another method."""
        if not isinstance(receiver, ast.Name):
            return False
        if (names := self.tensor_receivers.get(self.scope)) is None:
            holder = self.scope_nodes.get(self.scope, self.tree)
            names = self.tensor_receivers[self.scope] = frozenset(
                call.func.value.id for call in (walk_nodes(holder) if holder is not None else ())
                if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
                and call.func.attr in _TENSOR_ONLY_METHODS and isinstance(call.func.value, ast.Name))
        return receiver.id in names or self._bound_to_torch_tensor(receiver.id)

    def _bound_to_torch_tensor(self, name: str) -> bool:
        """A name the function binds to a tensor torch builds (``mean = torch.FloatTensor(3)``) or to an item of
        the (values, indices) pair of a reduction (``_, idx = pred.max(1)``), and otherwise only to that wrapped in
        ``Variable(mean)`` or to its own methods' results (``mean = mean.resize(1, 3, 1, 1)``): the copied perceptual
        losses normalise by such a tensor."""
        provenance = self.loads.provenance
        bindings = provenance.bindings.get(provenance.key(name, self.scope), ())

        def built(value: ast.expr, position: int | None = None) -> bool:
            if position is not None:
                return _values_and_indices(value, self._resolve)
            api = self._resolve(value.func) if isinstance(value, ast.Call) else None
            return api is not None and api.startswith("torch.") and api.rpartition(".")[2] in TENSOR_FACTORIES

        def kept(value: ast.expr) -> bool:
            if isinstance(value, ast.Call) and self._resolve(value.func) == "torch.autograd.Variable" and value.args:
                value = value.args[0]
                return built(value) or isinstance(value, ast.Name) and value.id == name
            while isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute):
                value = value.func.value
            return isinstance(value, ast.Name) and value.id == name
        return any(built(value, position) for value, position, _ in bindings) and \
            all(built(value, position) or kept(value) for value, position, _ in bindings)

    def _holds_gradient(self, receiver: ast.AST) -> bool:
        """``p.grad``, ``p.grad.data``, or a name the function binds only to one (``grad = p.grad.data`` in an
        optimizer's step): a tensor, so a project class's own ``add(a, b)`` cannot be what runs."""
        if isinstance(receiver, ast.Name):
            provenance = self.loads.provenance
            bindings = provenance.bindings.get(provenance.key(receiver.id, self.scope), ())
            # grad = grad.add(wd, p.data) rebinds it to what its own method gives: still the gradient's kind
            return any(_gradient_of_parameter(value) for value, _, _ in bindings) and all(
                _gradient_of_parameter(value) or (isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute)
                                                  and isinstance(value.func.value, ast.Name)
                                                  and value.func.value.id == receiver.id)
                for value, _, _ in bindings)
        return _gradient_of_parameter(receiver)

    def _refills_placeholder(self, receiver: ast.expr) -> bool:
        """``img.data`` where every binding of ``img`` in this function is a one-element tensor made to be refilled:
        ``torch.FloatTensor(1)`` or ``torch.Tensor()``, maybe wrapped in ``Variable(...)`` and moved (``.cuda()``)."""
        if not (isinstance(receiver, ast.Attribute) and receiver.attr == "data" and isinstance(receiver.value, ast.Name)):
            return False
        bindings = self.loads.provenance.bindings.get(self.loads.provenance.key(receiver.value.id, self.scope), ())
        return bool(bindings) and all(self._placeholder(value, receiver.value.id) for value, _, _ in bindings)

    def _placeholder(self, value: ast.expr | None, name: str) -> bool:
        while isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr in ("cuda", "to"):
            if isinstance(value.func.value, ast.Name) and value.func.value.id == name:
                return True  # img = img.cuda(): still the placeholder
            value = value.func.value
        if isinstance(value, ast.Call) and self._resolve(value.func) in VARIABLE_CALLS and len(value.args) == 1:
            value = value.args[0]
            if isinstance(value, ast.Name) and value.id == name:
                return True  # img = Variable(img): still the placeholder
        return isinstance(value, ast.Call) and self._resolve(value.func) in _PLACEHOLDER_MAKERS and not value.keywords \
            and len(value.args) <= 1 and all(isinstance(arg, ast.Constant) and arg.value == 1 for arg in value.args)

    def _holds_tensor_size(self, name: str) -> bool:
        """``name`` holds a tensor's size here, or in the function around a nested one that does not bind it itself
        (STPP's ``get_stage_stpp`` reads ``n_sample = src.size()[0]`` of its enclosing ``forward``)."""
        scope = self.scope
        for _ in range(8):
            if (scope, name) in self.tensor_sizes:
                return True
            node = self.scope_nodes.get(scope)
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) or _binds(node, name) or \
                    (scope := self.loads.provenance.parents.get(scope)) is None:
                return False
        return False

    def _own_override(self, receiver: ast.AST, method: str) -> bool:
        """The receiver is only ever an instance of the file's own classes, each defining ``method`` in its body
        without handing the call on to its base (a subclass of a torch class too: its override is what runs; not
        ``def step(self, epoch=None): super().step(epoch)``)."""
        classes = self._receiver_classes(receiver)
        if not classes:
            return False
        if self.own_class_methods is None:
            defined: dict[str, list[frozenset[str]]] = {}
            for node in walk_tree(self.tree):
                if isinstance(node, ast.ClassDef):
                    defined.setdefault(node.name, []).append(frozenset(
                        item.name for item in node.body if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))
                        and not _calls_base(item)))
            self.own_class_methods = {name: methods[0] for name, methods in defined.items() if len(methods) == 1}
        return all(method in self.own_class_methods.get(name, ()) for name in classes)

    def _receiver_classes(self, receiver: ast.AST) -> tuple[str, ...]:
        """The non-torch classes whose instances this file binds to the receiver's last name (receivers.py); empty
        when it binds the name to anything else too, or never."""
        dotted = dotted_name(receiver)
        if dotted is None:
            return ()
        if isinstance(receiver, ast.Name) and (function := self.scope_nodes.get(self.scope)) is not None and \
                isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if (local := self.local_bindings.get(self.scope)) is None:
                local = self.local_bindings[self.scope] = local_bindings(function, self._resolve)
            if local.get(receiver.id):  # a name the function binds only to instances: those decide
                return local[receiver.id]
        if self.instance_bindings is None:
            self.instance_bindings = instance_bindings(self.tree, self._resolve)
        return self.instance_bindings.get(dotted.rsplit(".", 1)[-1], ())

    def _check_call(self, node: ast.Call, api: str, rules: list[Rule]) -> None:
        probe = self._probe(node)
        matched = [rule for rule in rules if rule.applies_to(self.target)
                   and matches_call(rule, positional_as_keywords(rule, api, probe))
                   and (rule.kind != "unpack" or self.loads.unpacked.get(id(node)) == rule.unpacked_into)]
        if api in HUB_CALLS and any(rule.quiet_first for rule in matched):
            matched = [rule for rule in matched if not (rule.quiet_first and self._hub_trusted(node, rule.quiet_first))]
        if any(rule.tensor_input for rule in matched) and passes_numpy_input(node, self.imports.other_names):
            matched = [rule for rule in matched if not rule.tensor_input]  # AttributeError before the warning
        narrowed = {(r.kind, r.argument) for r in matched if r.with_any}  # the narrower rule says it better
        matched = [r for r in matched if r.with_any or (r.kind, r.argument) not in narrowed]
        if any(r.kind == "keyword" and r.severity == "error" and r.value is None for r in matched):
            # a keyword the target no longer takes: the call raises TypeError while binding its arguments, so
            # the warning another keyword's value would raise in the body (dynamo=False) never comes
            matched = [r for r in matched if r.severity == "error" or r.kind != "keyword"]
        if self.guarded or self.safe_globals or (api == "torch.load" and self._loads_namespace(node)):
            matched = [rule for rule in matched if not rule.when]
        self.pending.extend((rule, node, api) for rule in matched if rule.when)
        if any(rule.when for rule in matched):
            self.scope_of[id(node)] = self.scope
        self._report(node, api, [rule for rule in matched if not rule.when])

    def _getattr_choices(self, node: ast.Call) -> list[str]:
        """The torch names ``getattr(torch.sparse, name)`` may read, ``name`` one of the strings the file spells
        for it (namechoices.py)."""
        if self.name_choices is None:
            if self.module_constants is None:
                self.module_constants = module_constants(self.tree) if self.tree is not None else {}
            self.name_choices = NameChoices(self.tree, self.module_constants)
        scope = self.scope_nodes.get(self.scope)
        return choice_names(node, self._resolve, self.name_choices, scope if self.scope else None)

    def _check_named_getattr(self, node: ast.Call) -> None:
        """``getattr(torch.sparse, tensor_class(dtype))(indices, values, size)``: the call each name makes, checked
        as if spelled (either branch of a conditional may be the one that runs, as for aliases.py's bindings)."""
        before = len(self.findings)
        for api in self._getattr_choices(node.func):
            if api in self.rules.by_call:
                self._check_call(node, api, self.rules.by_call[api])
                if len(self.findings) > before:
                    return  # one finding per call: the names are spellings of one lookup

    def _hub_trusted(self, node: ast.Call, trusted_owners: str) -> bool:
        """A hub call whose repo (a literal, or a constant here or in a module of the project) torch trusts, or
        that an earlier hub call on the same repo has already had trusted (hubtrust.py)."""
        if self.module_constants is None:
            self.module_constants = module_constants(self.tree) if self.tree is not None else {}

        def constant(name: str):
            if name in self.module_constants:
                return self.module_constants[name]
            return self.project_flags.constant(name) if self.project_flags is not None else None

        def hub_repo(call: ast.Call) -> str | None:
            if self._resolve(call.func) not in HUB_CALLS or any(
                    kw.arg == "source" and not (isinstance(kw.value, ast.Constant) and kw.value.value == "github")
                    for kw in call.keywords):
                return None
            return repo_of(call, constant)

        if (choices := repo_choices(node, constant)) is not None:
            return all(re.fullmatch(trusted_owners, repo) is not None for repo in choices)
        repo = repo_of(node, constant)
        if repo is None:
            return False
        if re.fullmatch(trusted_owners, repo) is not None:
            return True
        scope = self.scope_nodes.get(self.scope, self.tree)
        return scope is not None and trusted_earlier(scope, node, repo, hub_repo)

    def _check_alias_call(self, node: ast.Call, bindings: list[tuple[ast.expr, str]]) -> None:
        """A call through a name bound to a ruled callable (aliases.py), only for rules that need nothing beyond
        the call's shape (no project evidence), and not inside guards. A rule on the callable itself is reported
        at the binding, where the name is written; one on the call's arguments (a keyword passed or missing) at
        the call, where they are and where the fix goes."""
        if self.guarded:
            return
        if isinstance(node.func, ast.Name):  # a plain name: the bindings of the call's own scope and those around it
            around, scope = set(), self.scope
            while scope is not None and scope not in around:
                around.add(scope)
                scope = self.loads.provenance.parents.get(scope) if scope else None
            bindings = [(where, api) for where, api in bindings if self.alias_scopes.get(id(where), 0) in around]
        for where, api in bindings:
            rules = [rule for rule in self.rules.by_call[api] if not rule.when and rule.applies_to(self.target)
                     and matches_call(rule, node)]
            for at_call, grouped in ((False, [r for r in rules if r.kind in _CALLABLE_KINDS]),
                                     (True, [r for r in rules if r.kind not in _CALLABLE_KINDS])):
                if grouped:
                    self._report(node if at_call else where, api, grouped, fixable=False)


_VECTOR_PRODUCTS = frozenset({"dot", "vdot", "outer", "ger"})  # torch functions of two 1-D tensors
_CALLABLE_KINDS = frozenset({"name", "call", "unpack"})  # rules that any call of the callable meets


def _saver_name(func: ast.expr, called: str | None, loads) -> str | None:
    """The name of a project save function a call runs by name: ``save_checkpoint(...)`` imported from a project
    module, or ``utils.save_models(...)`` of an imported project module; None for anything else."""
    if called is not None:
        return called if "save" in called.lower() and called in loads.imported else None
    if func.__class__ is ast.Attribute and "save" in func.attr.lower() and func.value.__class__ is ast.Name and \
            func.value.id in loads.imported_modules:
        return func.attr
    return None


def _calls_base(method: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """``super().step(epoch)`` or ``LambdaLR.step(self, epoch)`` in the method: it runs the base's method too."""
    return any(isinstance(node, ast.Attribute) and node.attr == method.name and (
        isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Name) and node.value.func.id == "super"
        or isinstance(node.value, ast.Name) and node.value.id[:1].isupper()) for node in walk_nodes(method))


def _binds(function: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> bool:
    """``name`` is a parameter of ``function`` or stored in its own body."""
    arguments = function.args
    return name in {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs,
                                    *filter(None, (arguments.vararg, arguments.kwarg)))} or any(
        isinstance(node, ast.Name) and node.id == name and not isinstance(node.ctx, ast.Load)
        for node in own_nodes(function))


def _values_and_indices(value: ast.expr, resolve) -> bool:
    """``_, idx = pred.max(1)`` / ``torch.topk(x, k)``: an item of the pair a torch reduction returns (one of
    intdivision.INDEX_PAIRS, given a dim where it needs one; topk and sort always pair). Unpacked into two names, the
    call is torch's: NumPy's and pandas' max(axis) give one array, list.sort() gives None."""
    if not isinstance(value, ast.Call) or not isinstance(value.func, ast.Attribute) or value.func.attr not in INDEX_PAIRS:
        return False
    api = resolve(value.func)
    if api is not None:  # torch.max(x, 1): the tensor comes first
        return api == f"torch.{value.func.attr}" and len(value.args) + len(value.keywords) >= 2
    return value.func.attr in ("topk", "sort") or bool(value.args or value.keywords)


def _gradient_of_parameter(node: ast.AST) -> bool:
    """``p.grad`` or ``p.grad.data``."""
    if isinstance(node, ast.Attribute) and node.attr == "data":
        node = node.value
    return isinstance(node, ast.Attribute) and node.attr == "grad"
