"""Name and attribute checks for the walker: imports, names and attributes resolved to torch names and checked
against the rules (removed, deprecated, gone from the target, a package no longer shipped with torch), with
type annotations, foreign libraries' objects and already reported imports kept out.
"""

from __future__ import annotations

import ast
import re
import sys
from dataclasses import replace

from ..parsing import parse_expression
from .functionobjects import dict_key_references
from .backwardscalars import implicit_backward_names, shapes_value
from .zerodim import zero_dim_data_index
from .shapes import is_not_2d, not_2d_attributes
from .unusedimports import compared_operands
from .imports import (
    ENTERED, LIBRARY_TORCH_NAMES, dotted_name, is_torch_module, own_nodes, own_statements, unmoved, walk_nodes, walk_tree)
from .checkpoints import WRITER_LIBRARIES, config_library, is_lightning_module
from .loadedforms import LIBRARY_OBJECTS, factory_spellings, names_object_type
from .returns import from_imported, imported_module_paths, module_suffix
from .stackedhelpers import imported_stacking_helpers
from .starimports import star_functions
from .patterns import is_multi_dim_list_index, loss_module_built, scalar_index_rules, zero_dim_read
from .privatenames import missing_private
from .shippedpackages import shipped_package, tree_has_package
from .torchstores import project_sets

MODULE_CLASSES = frozenset({"torch.nn.Module", "torch.nn.modules.module.Module"})
# annotations holding modules: dict[str, nn.Module], List[nn.Module], Optional[nn.Module] (see _returns_modules)
_MODULE_CONTAINERS = frozenset({"dict", "mapping", "ordereddict", "mutablemapping", "list", "sequence", "tuple",
                                "optional"})

# A class name (``Vocab``, ``OpenAIVocab``), not a constant (``MAX_LEN``)
_CLASS_NAME = re.compile(r"[A-Z]\w*[a-z]\w*$")

_UNSPELLED = object()  # visit_Attribute's dotted name, not spelled yet
# modules that are gone while a function took their name: `import torch.tensor as Tensor` raises
# ModuleNotFoundError, but `torch.tensor(...)` is fine, so the name rule is the one on the class the module held
_FUNCTION_SHADOWED_MODULES = {"torch.tensor": "torch.tensor.Tensor"}


# the DCGAN names of a GAN's two losses (errD, errG_total), and a call that makes a loss (criterion(out, y),
# compute_discriminator_loss(...), F.binary_cross_entropy(...))
_GAN_LOSS = re.compile(r"err[dg]([_0-9][a-z_0-9]*)?", re.IGNORECASE)
_LOSS_CALL = re.compile(r"(.*\.)?[a-z_0-9]*(loss|criterion|entropy)[a-z_0-9]*", re.IGNORECASE)


def _sized_tensor(value: ast.expr) -> bool:
    """``torch.cuda.FloatTensor(1)``, ``torch.zeros(1)``, also wrapped in ``Variable(...)``: a tensor made with a
    size given as numbers, so at least 1-D; or one made from a list of numbers (``torch.Tensor([0])``, a stance
    detector's running total), 1-D too."""
    while isinstance(value, ast.Call) and (dotted_name(value.func) or "").rsplit(".", 1)[-1] == "Variable" \
            and len(value.args) == 1:
        value = value.args[0]
    if not (isinstance(value, ast.Call) and (dotted_name(value.func) or "").startswith("torch.") and value.args):
        return False
    last = dotted_name(value.func).rsplit(".", 1)[-1]
    if (last.endswith("Tensor") or last == "tensor") and len(value.args) == 1 and \
            isinstance(data := value.args[0], (ast.List, ast.Tuple)) and data.elts and \
            all(isinstance(item, ast.Constant) and type(item.value) in (int, float) for item in data.elts):
        return True
    return (last.endswith("Tensor") or last in ("zeros", "ones", "empty")) and all(
        isinstance(argument, ast.Constant) and type(argument.value) is int for argument in value.args)

# receivers whose .volatile is no tensor's flag: the instance itself, and a run's options
_NOT_TENSORS = frozenset({"self", "cls", "args", "opt", "opts", "options", "cfg", "config", "hparams", "params"})


class NameChecks:
    def _visit_annotation(self, node: ast.AST | None, evaluated: bool = False) -> None:
        """``evaluated``: a parameter's or a return's annotation, which Python evaluates when the ``def`` runs (unless
        the file postpones annotations): a torch name gone from the target raises AttributeError there."""
        if node is not None:
            runs = evaluated and not self._postpones_annotations()
            self.annotation += 1
            self.evaluated_annotation += runs
            self.visit(node)
            self.annotation -= 1
            self.evaluated_annotation -= runs

    def _in_unevaluated_annotation(self) -> bool:
        """Inside an annotation nothing evaluates (a local variable's, or any in a file that postpones them)."""
        return bool(self.annotation) and not self.evaluated_annotation

    def _postpones_annotations(self) -> bool:
        """``from __future__ import annotations``: no annotation is evaluated."""
        if self.postponed_annotations is None:
            self.postponed_annotations = any(
                isinstance(node, ast.ImportFrom) and node.module == "__future__" and
                any(alias.name == "annotations" for alias in node.names) for node in getattr(self.tree, "body", ()))
        return self.postponed_annotations

    def visit_arg(self, node: ast.arg) -> None:
        if names_object_type(node.annotation):  # def clean(cfg: DictConfig): callers pass it a config object
            self.loads.note_object_param(self.scope, node.arg)
        if node.annotation is not None and self._foreign_annotation(node.annotation):
            self.foreign.add((self.scope, node.arg))  # `M: sympy.Matrix`: M.cholesky() is sympy's
        self._visit_annotation(node.annotation, evaluated=True)

    def _foreign_annotation(self, annotation: ast.expr) -> bool:
        """``sympy.Matrix``, ``"sp.Matrix"``, ``Optional[Matrix]`` from a non-torch import: not a tensor. A class
        imported from the project's own modules (``language_model: GLMModel`` with ``from .modeling_glm import
        GLMModel``) is not another library's: it may be an ``nn.Module`` subclass, and the project's own methods
        decide once every file is walked (ownmethods.py)."""
        if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
            try:
                annotation = parse_expression(annotation.value)
            except SyntaxError:
                return False
        if isinstance(annotation, ast.Subscript):  # Optional[X], list[X]: look at what it wraps
            inner = annotation.slice.elts if isinstance(annotation.slice, ast.Tuple) else [annotation.slice]
            return any(self._foreign_annotation(element) for element in inner)
        if isinstance(annotation, ast.BinOp):  # X | None
            return self._foreign_annotation(annotation.left) or self._foreign_annotation(annotation.right)
        dotted = dotted_name(annotation)
        head = dotted.partition(".")[0] if dotted else None
        return head is not None and head in self.imports.other_names and self.imports.resolve(dotted) is None \
            and not self._own_import(head)

    def _is_foreign(self, func: ast.AST) -> bool:
        """A call into a non-torch import (``sympy.Matrix``, ``np.array``), or of a name that only holds such
        classes (``spec_class`` parametrized with torchrl's specs): its result is not a tensor."""
        dotted = dotted_name(func)
        return dotted is not None and ((self._foreign_import(dotted) and not self._own_function(func)
                                        and not ("." in dotted and self._own_import(dotted.partition(".")[0])))
                                       or (self.scope, dotted) in self.foreign_classes)

    def _foreign_import(self, dotted: str) -> bool:
        """``dotted`` names something a non-torch import binds."""
        return dotted.partition(".")[0] in self.imports.other_names and self.imports.resolve(dotted) is None

    # --- names ------------------------------------------------------------------
    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        self.loads.imported.update(from_imported(node, self.filename))
        if any(alias.name == "*" for alias in node.names) and not is_torch_module(node.module or "") and \
                (suffix := module_suffix(node.module, node.level, self.filename)) is not None:
            for name in star_functions(self.filename, node.level, node.module):  # from utils.helpers import *
                self.loads.imported.setdefault(name, (suffix, name))
        if not node.level and not is_torch_module(node.module or "") and \
                (node.module or "").partition(".")[0] not in (*sys.stdlib_module_names, "typing_extensions"):
            self.loads.imported_classes.update(a.asname or a.name for a in node.names if _CLASS_NAME.match(a.name))
            self.loads.imported_module_names.update(a.asname or a.name for a in node.names if a.name.islower())
        if node.module == "PIL":
            self.loads.pil_images.update(a.asname or a.name for a in node.names if a.name == "Image")
        if node.level:  # from .utils import InputFeatures: a class of the project's own
            self.loads.local_classes.update(a.asname or a.name for a in node.names if a.name[:1].isupper())
            self.loads.local_functions.update(a.asname or a.name for a in node.names if a.name[:1].islower())
            self.loads.imported_module_names.update(a.asname or a.name for a in node.names if a.name.islower())
        if not node.level and is_lightning_module(node.module or ""):
            self.evidence.lightning = True
        if not node.level and (node.module or "").partition(".")[0] == "ignite":
            self.loads.ignite_checkpoint |= any(a.name in ("ModelCheckpoint", "Checkpoint") for a in node.names)
        if not node.level and (known := LIBRARY_OBJECTS.get((node.module or "").partition(".")[0])):
            self.loads.library_classes.update(a.asname or a.name for a in node.names if a.name in known)
        if not node.level and node.module:  # from packaging import version: version.parse(...) builds a Version
            self.loads.library_classes.update(spelled for a in node.names
                                              for spelled in factory_spellings(node.module, a.name, a.asname or a.name))
            self.loads.graph_collate |= any(a.name == "InMemoryDataset" for a in node.names)
            if node.module.partition(".")[0] == "torch_geometric":
                self.loads.graph_dataset_names.update(a.asname or a.name for a in node.names if a.name == "Dataset")
        if not node.level and node.module:
            package = node.module.partition(".")[0]
            self.evidence.imported_packages.add(package)
            self.evidence.config_library = self.evidence.config_library or config_library(node.module)
            if package in WRITER_LIBRARIES:  # from timm.utils import CheckpointSaver
                self.writer_imports.update((a.asname or a.name, f"{node.module}.{a.name}") for a in node.names)
        if not node.level and (package := shipped_package(node.module or "")):
            self._check_shipped(node, package, node.module)
        if not node.level and node.module and not is_torch_module(node.module):
            for alias in node.names:  # from functorch import vmap: a library name that is a torch one (imports.py)
                if (qualified := LIBRARY_TORCH_NAMES.get(f"{node.module}.{alias.name}")) is not None:
                    self.importing = (alias.asname or alias.name, qualified)
                    self._check_qualified(node, qualified)
            self.importing = None
        if node.level or not is_torch_module(node.module or ""):
            return
        for alias in node.names:  # reported at the statement: `import A, B` from one flagged module is one finding
            self.importing = (alias.asname or alias.name, f"{node.module}.{alias.name}")
            self._check_qualified(node, self.importing[1])
        self.importing = None
        self._check_absent(node, node.module, [alias.name for alias in node.names if alias.name != "*"], "ImportError")

    def visit_Import(self, node: ast.Import) -> None:
        self.loads.imported_modules.update(imported_module_paths(node))  # import pkg.metrics as m: m.f() is pkg/metrics.py
        for alias in node.names:
            self.loads.library_classes.update(factory_spellings("", alias.name, alias.asname or alias.name))
            if not is_torch_module(alias.name) and alias.name.partition(".")[0] not in (
                    *sys.stdlib_module_names, "typing_extensions") and (alias.asname or "." not in alias.name):
                self.loads.imported_module_names.add(alias.asname or alias.name)  # import pandas as pd
            package = alias.name.partition(".")[0]
            self.evidence.imported_packages.add(package)
            self.evidence.lightning |= is_lightning_module(alias.name)
            self.evidence.config_library = self.evidence.config_library or config_library(alias.name)
            if package in WRITER_LIBRARIES:  # import timm.utils as utils / import timm
                local = alias.asname or package
                self.writer_imports[local] = alias.name if alias.asname else local
            if package := shipped_package(alias.name):
                self._check_shipped(node, package, alias.name)
                continue
            if alias.asname:  # import torch.nn.utils.weight_norm as weight_norm binds what the package's attribute is
                self.importing = (alias.asname, alias.name)
            self._check_qualified(node, _FUNCTION_SHADOWED_MODULES.get(alias.name, alias.name))
            self.importing = None
            if is_torch_module(alias.name):
                self._check_absent(node, alias.name, [], "ImportError")

    # Stores count too: setting a moved config flag (`torch.distributed.config.x = ...`) is the use.
    def visit_Name(self, node: ast.Name) -> None:
        # (the resolution is cached: asked here first, most names, no torch name, go no further)
        if self.imports.resolve(node.id, self.rules.knows) is not None:
            self._check_name(node, node.id)

    def visit_Attribute(self, node: ast.Attribute, dotted: str | None | object = _UNSPELLED) -> None:
        """``dotted``: the node's dotted_name, when the walk spelled it already (its owner's, less the last part)."""
        self.loads.note_attribute(node, self.scope)
        if (self.classes and node.ctx.__class__ is ast.Store and isinstance(node.value, ast.Name)
                and node.value.id == "self"):
            self.class_facts.note_store(self.classes[-1], node.attr)
        if self.instances and isinstance(node.value, ast.Name) and (
                owner := self.instances.get((self.scope, node.value.id))) is not None:
            self._check_qualified(node, f"{owner}.{node.attr}")  # item.cuda_time_total, ctx.saved_variables
        if node.attr in self.rules.quiet_members:  # the owner is reported with the member, or not at all
            self.member_owners[id(node.value)] = node.attr
        if dotted is _UNSPELLED:
            dotted = dotted_name(node)
        if dotted is not None and id(node) not in self.patched:
            self._check_name(node, dotted)
        if node.attr == "T" and (is_not_2d(node.value, self._resolve, lambda name: (self.scope, name) in self.not_2d)
                                 or self._not_2d_attribute(node.value) or id(node) in self.vector_operands):
            self._check_qualified(node, "torch.Tensor.T")  # x.T where x is certainly not 2-D (1-D, 0-D, 3-D, ...)
        elif node.attr == "volatile" and self._volatile_receiver(node.value):
            self._check_qualified(node, "torch.Tensor.volatile")  # next_q_values.volatile = False
        value = node.value  # (generic_visit: the one child field an attribute has)
        if value.__class__ is ast.Attribute:  # `a.b` of `a.b.c`: its name is this one's but the last part
            self.visit_Attribute(value, dotted.rpartition(".")[0] if dotted is not None else None)
        elif ENTERED[value.__class__]:
            self.visit(value)

    def _not_2d_attribute(self, value: ast.expr) -> bool:
        """``self.weight`` in a class whose methods bind it only to tensors that are not 2-D (shapes.py)."""
        if not (self.class_nodes and isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name)
                and value.value.id == "self"):
            return False
        cls = self.class_nodes[-1]
        if (found := self.not_2d_attributes.get(id(cls))) is None:
            found = self.not_2d_attributes[id(cls)] = not_2d_attributes(cls, self._resolve)
        return value.attr in found

    def _volatile_receiver(self, value: ast.expr) -> bool:
        """A local name (or an item of one: ``feat[0].volatile``) whose ``.volatile`` is the removed tensor flag: not
        ``self``/``cls``, not a run option (``args.volatile``), not a torch name, in a file that stores no
        ``volatile`` attribute of its own."""
        if value.__class__ is ast.Subscript:
            value = value.value
        if value.__class__ is not ast.Name or value.id in _NOT_TENSORS or self._resolve(value) is not None:
            return False
        if self.own_volatile is None:
            self.own_volatile = self.source_text is None or \
                re.search(r"\b(?:self|cls)\.volatile\s*=(?!=)", self.source_text) is not None
        return not self.own_volatile

    def visit_Dict(self, node: ast.Dict) -> None:
        self.loads.note_dict(node)
        self.replaced |= dict_key_references(node)  # {F.upsample: hook}: a table by function, nothing called
        self.generic_visit(node)

    def visit_Compare(self, node: ast.Compare) -> None:
        self.loads.note_compare(node, self.scope)
        self.compared.update(compared_operands(node))
        self.generic_visit(node)

    def visit_Subscript(self, node: ast.Subscript) -> None:
        self.loads.note_subscript(node, self.scope)
        if isinstance(node.value, ast.Subscript) and isinstance(node.slice, ast.Constant):
            # loss.data[0][0]: code that indexes twice holds a 2-D value there (a Python sum() of (1, 1) tensors)
            self.indexed_twice.add(id(node.value))
        if self.rules.by_list_index and (is_multi_dim_list_index(node.slice) or (
                isinstance(node.slice, ast.Name) and ((self.scope, node.slice.id) in self.index_lists or (
                    isinstance(node.value, ast.Name)  # the list made for the tensor its branch tested: item[s]
                    and self.tensor_index_lists.get((self.scope, node.slice.id)) == node.value.id)))) \
                and not self._is_module_or_foreign(node.value):
            rules = self.rules.by_list_index
            self._report(node, rules[0].apis[0], rules)
        if self.rules.by_scalar_index and (rules := scalar_index_rules(self.rules.by_scalar_index, node)):
            if not self._critic_output(node) and not self._sized_total(node) and id(node) not in self.indexed_twice \
                    and not self._unreduced_loss(node) and not self._stacked_result(node):
                self._report(node, rules[0].apis[0], rules)
        elif self.zero_totals and (total := _total_read(node.value)) is not None and \
                (self.scope, total) in self.zero_totals \
                and isinstance(node.slice, ast.Constant) and node.slice.value == 0 and isinstance(node.ctx, ast.Load) \
                and (rules := [rule for rule in self.rules.by_scalar_index if "torch.Tensor.data" in rule.apis]):
            self._report(node, "torch.Tensor.data", rules)  # total_loss[0] after total_loss += loss.data
        elif self.rules.by_scalar_index and (api := zero_dim_data_index(node, self._zero_dim_value)) and (
                rules := [rule for rule in self.rules.by_scalar_index if api in rule.apis]):
            self._report(node, api, rules)
        elif self.rules.by_scalar_index and self._backward_scalar(node) and (
                rules := [rule for rule in self.rules.by_scalar_index if "torch.Tensor.data" in rule.apis]):
            self._report(node, "torch.Tensor.data", rules)  # objective.backward(), then objective.data[0]
        elif self.rules.by_scalar_index and (reduced := self._reduced_copy(node)) is not None:
            self._report(node, "torch.Tensor.__getitem__", reduced)
        elif self.rules.by_scalar_index and _named_or_item(node.value) and isinstance(node.ctx, ast.Load) \
                and node.slice.__class__ is ast.Constant and node.slice.value == 0 and type(node.slice.value) is int \
                and self._zero_dim_value(node.value) and (
                rules := [rule for rule in self.rules.by_scalar_index if "torch.Tensor.__getitem__" in rule.apis]):
            self._report(node, "torch.Tensor.__getitem__", rules)  # prec1[0] after prec1, prec5 = accuracy(...);
            # accuracy(out, y, topk=(1,))[0][0] as well
        self.generic_visit(node)

    def _backward_scalar(self, node: ast.Subscript) -> bool:
        """``name.data[0]`` where the function calls ``name.backward()`` without a gradient and no binding of the
        name shapes it (backwardscalars.py); not a critic's output, a sized total or an unreduced loss."""
        read = zero_dim_read(node)
        if read is None or read[1] != "torch.Tensor.data" or read[0].__class__ is not ast.Name or self.scope == 0:
            return False
        names = self.backward_names.get(self.scope)
        if names is None:
            names = self.backward_names[self.scope] = implicit_backward_names(self.scope_nodes[self.scope])
        if read[0].id not in names or id(node) in self.indexed_twice:
            return False
        provenance = self.loads.provenance
        bindings = provenance.bindings.get(provenance.key(read[0].id, self.scope), ())
        accumulated = provenance.accumulated.get(provenance.key(read[0].id, self.scope), ())
        return bool(bindings) and not any(shapes_value(value) for value, *_ in (*bindings, *accumulated)) \
            and not self._critic_output(node) and not self._unreduced_loss(node)

    def _reduced_copy(self, node: ast.Subscript) -> list | None:
        """``reduce_tensor(loss.data, n_gpus)[0]``: the file's own function handing back a copy of its first argument
        (``rt = tensor.clone(); dist.all_reduce(rt); rt /= n; return rt``) given a loss's data, indexed at 0: the
        copy is 0-dim like the loss (NVIDIA's Tacotron 2 and WaveGlow training scripts). The rules for that index."""
        call = node.value
        if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.args
                and isinstance(node.slice, ast.Constant) and node.slice.value == 0 and type(node.slice.value) is int
                and isinstance(node.ctx, ast.Load)):
            return None
        if self.argument_copies is None:
            self.argument_copies = _argument_copies(self.tree)
        if call.func.id not in self.argument_copies:
            return None
        first = call.args[0]
        if isinstance(first, ast.Attribute) and first.attr == "data":
            first = first.value
        name = (dotted_name(first) or "").rsplit(".", 1)[-1]
        rules = [rule for rule in self.rules.by_scalar_index if "torch.Tensor.__getitem__" in rule.apis
                 and re.fullmatch(rule.receiver, name, re.IGNORECASE)]
        return rules or None

    def _critic_output(self, node: ast.Subscript) -> bool:
        """``errD.data[0]`` where nothing the function binds ``errD`` to comes from a loss: the WGAN reference code's
        errD_real = netD(real) is the critic's output, ``output.mean(0).view(1)``, a 1-element vector that [0]
        indexes fine (round 26). DCGAN-style names count when a binding calls a loss (``criterion(...)``,
        ``discriminator_loss(...)``) or adds such names; a name the function never binds keeps the finding."""
        read = zero_dim_read(node)
        name = (dotted_name(read[0]) or "") if read is not None else ""
        last = name.rsplit(".", 1)[-1]
        if "." in name or not _GAN_LOSS.fullmatch(last) or (self.scope, last) in self.zero_dim:
            return False  # errD = errD_real + errD_fake of means (LSGAN): 0-dim whatever produced it
        provenance = self.loads.provenance

        def from_loss(name: str, depth: int) -> bool | None:
            key = provenance.key(name, self.scope)
            values = [value for value, _, _ in provenance.bindings.get(key, ())] + \
                [value for value, _ in provenance.accumulated.get(key, ())]
            if not values:
                return None
            for value in values:
                for inner in walk_nodes(value):
                    if isinstance(inner, ast.Call) and _LOSS_CALL.fullmatch(dotted_name(inner.func) or ""):
                        return True
                    if isinstance(inner, ast.Name) and inner.id != name and depth < 3 and \
                            _GAN_LOSS.fullmatch(inner.id) and from_loss(inner.id, depth + 1):
                        return True
            return False

        return from_loss(last, 0) is False

    def _unreduced_loss(self, node: ast.Subscript) -> bool:
        """``loss.data[0]`` where every binding of ``loss`` in the function calls a name the file binds only to torch
        losses built not to reduce (``criterion = nn.NLLLoss(reduce=False)``, ``reduction='none'``), or calls a
        project's own loss asked not to reduce (``size_average=False``): one loss per element, which [0] reads (a
        keyphrase model's RL trainer, round 35; a capsule network's test loop, round 47)."""
        read = zero_dim_read(node)
        if read is None or not isinstance(read[0], ast.Name):
            return False
        bindings = self.loads.provenance.bindings.get(self.loads.provenance.key(read[0].id, self.scope), ())
        if not bindings:
            return False
        if all(isinstance(value, ast.Call) and self._resolve(value.func) is None and
               any(_unreducing(keyword) or _averaging_off(keyword) for keyword in value.keywords)
               for value, _, _ in bindings):
            return True  # t_loss, m_loss, r_loss = model.loss(x, out, y, size_average=False): the project's own loss
        if self.unreduced_losses is None:
            self.unreduced_losses = _unreduced_loss_names(self.tree, self._resolve) if self.tree is not None \
                else frozenset()
        return bool(self.unreduced_losses) and all(
            (call := _scaled_call(value)) is not None and (dotted_name(call.func) or "").rsplit(".", 1)[-1]
            in self.unreduced_losses for value, _, _ in bindings)

    def _stacked_result(self, node: ast.Subscript) -> bool:
        """``test_loss.cpu().detach().numpy()[0]`` where the nearest binding of ``test_loss`` above takes what a
        module-level function of the file (or one imported from the project's modules) returns there, and each of
        its returns is ``torch.stack(...)`` or ``torch.cat(...)`` (``return torch.stack(losses)``: one loss per
        batch, a vector that [0] reads; BreizhCrops, round 57; ai4foodsecurity, round 59)."""
        read = zero_dim_read(node)
        if read is None or not isinstance(read[0], ast.Name) or self.tree is None:
            return False
        bindings = [(value, position) for value, position, _ in self.loads.provenance.bindings.get(
            self.loads.provenance.key(read[0].id, self.scope), ()) if getattr(value, "lineno", node.lineno) < node.lineno]
        if not bindings:
            return False
        value, position = max(bindings, key=lambda binding: binding[0].lineno)
        if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Name)):
            return False
        functions = {item.name: item for item in getattr(self.tree, "body", ())
                     if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))}
        if value.func.id in functions:
            return self._returns_stacked(functions[value.func.id], position)
        if self.stacking_helpers is None:  # train_epoch imported from the project's evaluation_utils (stackedhelpers.py)
            self.stacking_helpers = imported_stacking_helpers(self.tree, self.source_text or "", self.filename)
        if value.func.id not in self.stacking_helpers:
            return False
        positions = self.stacking_helpers[value.func.id]
        return positions is None or position is not None and position in positions

    def _returns_stacked(self, function: ast.AST, position: int | None) -> bool:
        returned = [node.value for node in own_nodes(function) if isinstance(node, ast.Return)]
        if position is not None:
            returned = [value.elts[position] if isinstance(value, ast.Tuple) and position < len(value.elts) else None
                        for value in returned]
        return bool(returned) and all(isinstance(value, ast.Call) and self._resolve(value.func) in _STACKING
                                      for value in returned)

    def _sized_total(self, node: ast.Subscript) -> bool:
        """``total_loss.data[0]`` where the function binds ``total_loss`` only to a tensor it sizes itself
        (``Variable(torch.cuda.FloatTensor(1))``, ``torch.zeros(1)``) and grows it with ``+=``: a 1-element vector,
        which [0] reads (DAIN's MegaDepth model, round 26)."""
        read = zero_dim_read(node)
        if read is None or not isinstance(read[0], ast.Name):
            return False
        bindings = self.loads.provenance.bindings.get(self.loads.provenance.key(read[0].id, self.scope), ())
        return bool(bindings) and all(_sized_tensor(value) for value, _, _ in bindings)

    def _is_module_or_foreign(self, receiver: ast.AST) -> bool:
        """``np.r_[...]`` or a sympy object: not a tensor being indexed."""
        dotted = dotted_name(receiver)
        return dotted is not None and (self.imports.is_imported(dotted) or (self.scope, dotted) in self.foreign)

    def _alias_resolve(self, node: ast.AST) -> str | None:
        """``_resolve`` for names an import binds, without asking about star imports: the resolution cache keeps
        the first answer for a bare name, and a star-import answer depends on what the asker knows."""
        dotted = dotted_name(node)
        return self._resolve_dotted(dotted) if dotted and dotted.partition(".")[0] in self.imports.aliases else None

    def _returns_modules(self, annotation: ast.expr) -> bool:
        """``-> nn.Module``, or a container of modules: ``-> dict[str, nn.Module]``, ``List[Module]``,
        ``Optional[nn.Module]`` (the value type of a mapping, each element type of the others)."""
        if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
            return False  # a string annotation is not parsed here
        if not isinstance(annotation, ast.Subscript):
            return self._resolve(annotation) in MODULE_CLASSES
        container = (dotted_name(annotation.value) or "").rsplit(".", 1)[-1].lower()
        if container not in _MODULE_CONTAINERS:
            return False
        inner = annotation.slice.elts if isinstance(annotation.slice, ast.Tuple) else [annotation.slice]
        if container in ("dict", "mapping", "ordereddict", "mutablemapping"):
            inner = inner[-1:]  # dict[str, nn.Module]: the values
        return bool(inner) and all(self._returns_modules(element) for element in inner
                                   if not (isinstance(element, ast.Constant) and element.value in (None, Ellipsis)))

    def _resolve(self, node: ast.AST) -> str | None:
        dotted = dotted_name(node)
        return self._resolve_dotted(dotted) if dotted else None

    def _resolve_dotted(self, dotted: str) -> str | None:
        if self.held_names and dotted.startswith("self."):
            return self._held(dotted)
        return self.imports.resolve(dotted, self.rules.knows)

    def _held(self, dotted: str) -> str | None:
        """``self.tt.FloatTensor`` in a class whose only binding of ``tt`` is ``torch.cuda``: torch.cuda.FloatTensor
        (aliases.held_torch_names). ``self.tt`` itself is left to the alias rules (a call through it is reported
        at the binding)."""
        _, attr, rest = dotted.split(".", 2) if dotted.count(".") >= 2 else (None, None, None)
        if rest and self.classes and (held := self.held_names.get(self.classes[-1])) and attr in held:
            value = held[attr]
            if isinstance(value, tuple):  # torch.cuda if cuda else torch: the branch whose name some rule knows
                return next((f"{name}.{rest}" for name in value if self.rules.knows(f"{name}.{rest}")), None)
            return f"{value}.{rest}"
        return None

    def _check_name(self, node: ast.AST, dotted: str) -> None:
        if self.held_names and dotted.startswith("self."):
            if (qualified := self._held(dotted)) is not None:
                self._check_qualified(node, qualified)
            return
        qualified = self.imports.resolve(dotted, self.rules.knows)
        if qualified is None:
            return
        # A name whose own import is flagged was reported at the import, not again at each use.
        imported = self.imports.imported_from.get(dotted.partition(".")[0])
        named = self.rules.name_rules(qualified)
        for api, rules in named:
            if imported is not None and (imported == api or imported.startswith(api + ".")):
                continue
            self._report(node, api, rules)
        self._check_gone(node, qualified, named, imported)

    def _check_qualified(self, node: ast.AST, qualified: str) -> None:
        named = self.rules.name_rules(qualified)
        for api, rules in named:
            self._report(node, api, rules)
        self._check_gone(node, qualified, named, None)

    def _check_shipped(self, node: ast.AST, package: str, module: str) -> None:
        """An import of a package the torch wheels no longer ship (shippedpackages.py): once per file, at the
        first import that is not guarded, unless the tree carries the package itself."""
        if package in self.shipped_reported or self._carries(package):
            return
        before = len(self.findings)
        self._check_qualified(node, module)
        if len(self.findings) > before:
            self.shipped_reported.add(package)

    def _carries(self, package: str) -> bool:
        """Whether the checked tree has the former torch-wheel ``package`` itself (shippedpackages.py)."""
        if package not in self.shipped_local:
            self.shipped_local[package] = tree_has_package(self.filename, package)
        return self.shipped_local[package]

    def _gone(self, qualified: str):
        return self.gone_index.lookup(qualified, self.target) if self.gone_index is not None else None

    def _check_gone(self, node: ast.AST, qualified: str, named, imported: str | None) -> None:
        """A torch module or name the target build lacks (``torch._six``, ``torch._utils._accumulate``): an
        ImportError or AttributeError there. Not again at each use of a name whose import said so, and not
        where a name rule already reports an error (its message is the better one)."""
        if self.guarded or self.handled or self._in_unevaluated_annotation():
            return  # behind a version check or a try/except ImportError: the fallback runs instead
        gone = self._gone(qualified)
        if gone is None and missing_private(qualified, f"{self.target.major}.{self.target.minor}"):
            if imported is None or not (qualified == imported or qualified.startswith(imported + ".")):
                self._check_private(node, qualified)  # (`@weak_module` after its import: said at the import)
        elif gone is None and qualified.count(".") > 1 and node.__class__ is ast.Attribute and \
                node.ctx.__class__ is ast.Load and (unbound := self.rules.surface.missing_attribute(qualified)):
            self._check_unbound(node, dotted_name(node), *unbound)
        if gone is None or (imported is not None and (imported == gone.api or imported.startswith(gone.api + "."))):
            return
        if any(rule.severity == "error" and rule.applies_to(self.target) for _, rules in named for rule in rules):
            return
        if gone.api == qualified and isinstance(getattr(node, "ctx", None), ast.Store):
            return  # `dataloader._use_shared_memory = False`: setting a gone module attribute just creates it
        rule = self.rules.gone_rule
        key = (node.lineno, node.col_offset + 1, gone.api, rule.pattern)
        # One finding per place: `from torch._six import string_classes, inf` names a home for each name;
        # `torch._six.inf` is seen before its inner `torch._six`, whose home is only the general one.
        homes = self.gone_homes.setdefault(key, {})
        if gone.home and qualified != gone.api:
            homes[qualified.rsplit(".", 1)[-1]] = gone.home
        if len(homes) == 1:
            fix = f"use {next(iter(homes.values()))} instead"
        elif homes:
            fix = "; ".join(f"{name}: use {home}" for name, home in homes.items())
        else:
            fix = f"use {gone.home} instead" if gone.home else rule.fix
        kept = self.findings.get(key)
        if kept is not None:
            if homes and kept.fix != fix:
                self.findings[key] = replace(kept, fix=fix)
            return
        target = f"{self.target.major}.{self.target.minor}"
        message = (f"`{gone.api}` does not exist in torch {target} (ImportError or AttributeError there); "
                   f"the last build checked that has it is torch {gone.last}")
        self.findings[key] = self._finding(node, gone.api, rule, message, fix)

    def _check_private(self, node: ast.AST, qualified: str) -> None:
        """``torch._unique_dim``: a private name the target's ``torch`` lacks (privatenames.py), unless it is a torch
        module or the file sets it on torch itself (``torch._x = ...``, ``setattr(torch, "_x", ...)``)."""
        module, _, name = qualified.rpartition(".")
        if self.gone_index is None or self.rules.surface.is_module(qualified) or (
                module == "torch" and name in self._set_on_torch()):
            return
        rule = self.rules.gone_rule
        key = (node.lineno, node.col_offset + 1, qualified, rule.pattern)
        if key not in self.findings:
            error = (f"ImportError there: cannot import name '{name}' from '{module}'" if isinstance(node, ast.ImportFrom)
                     else f"AttributeError there: module '{module}' has no attribute '{name}'")
            message = f"`{qualified}` does not exist in torch {self.target.major}.{self.target.minor} ({error})"
            self.findings[key] = self._finding(node, qualified, rule, message, rule.fix)

    def _check_unbound(self, node: ast.AST, dotted: str | None, module: str, name: str) -> None:
        """``torch.nn.loss.MSELoss``, ``F.Variable``: a name that no indexed build's ``module`` binds, read as an
        attribute (an AttributeError), unless the project sets it there itself or the head is a parameter of an
        enclosing function (``def collate_fn(data): data.sort()`` beside ``import torch.utils.data as data``)."""
        if dotted is None or self._is_parameter(dotted.partition(".")[0]):
            return
        if name in self._set_on_torch() or project_sets(self.filename, name):
            return
        self._check_absent(node, module, [name], "AttributeError")

    def _is_parameter(self, name: str) -> bool:
        scope, parents = self.scope, self.loads.provenance.parents
        while scope:
            if name in self.loads.params.get(scope, ()):
                return True
            scope = parents.get(scope, 0)
        return False

    def _set_on_torch(self) -> set[str]:
        """The names the file stores on torch modules (asked only once a name is about to be reported missing)."""
        if self.torch_stores is None:
            self.torch_stores = set()
            for node in walk_tree(self.tree) if self.tree is not None else ():
                if isinstance(node, ast.Attribute) and node.ctx.__class__ is not ast.Load and \
                        is_torch_module(self._resolve(node.value) or ""):
                    self.torch_stores.add(node.attr)
                elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr" \
                        and len(node.args) >= 2 and is_torch_module(self._resolve(node.args[0]) or "") and \
                        isinstance(node.args[1], ast.Constant):
                    self.torch_stores.add(node.args[1].value)
        return self.torch_stores

    def _check_absent(self, node: ast.AST, module: str, names: list[str], error: str) -> None:
        """A torch module or name that no indexed build has (surface.py): ``import torch.legacy``, ``from
        torch.utils.serialization import load_lua``, ``config.patch("removed_option", v)``. Said once per
        place, and not where the gone index already names a prefix (its message says when it went)."""
        if self.gone_index is None or self.guarded or self.handled or self._in_unevaluated_annotation():
            return
        surface = self.rules.surface
        if not surface.covers(self.target):
            return  # a build newer than the list may have added it
        missing = surface.missing_module(module)
        if missing is not None:
            error = "ModuleNotFoundError"
        else:
            missing = next((f"{module}.{name}" for name in names if surface.missing_name(module, name)), None)
        if missing is None or self._gone(missing) is not None:
            return
        rule = self.rules.gone_rule
        key = (node.lineno, node.col_offset + 1, missing, rule.pattern)
        if key in self.findings:
            return
        target = f"{self.target.major}.{self.target.minor}"
        oldest = f"{surface.oldest.major}.{surface.oldest.minor}"
        newest = f"{surface.newest.major}.{surface.newest.minor}"
        message = (f"`{missing}` does not exist in torch {target} ({error} there), nor in any build checked "
                   f"(torch {oldest} to {newest})")
        self.findings[key] = self._finding(node, missing, rule, message, rule.fix)


def _total_read(node: ast.expr) -> str | None:
    """``total`` or ``total.data``: the name a running total is read through, or None."""
    if node.__class__ is ast.Attribute and node.attr == "data":
        node = node.value
    return node.id if node.__class__ is ast.Name else None


def _named_or_item(value: ast.expr) -> bool:
    """``prec1``, ``accuracy(out, y)[0]`` or ``torch.argmax(q)``: what ``[0]`` may read as a 0-dim value (a name bound
    to one, an item of a call returning a list of them, a call reducing every dim: walkbindings._zero_dim_value
    decides)."""
    kind = value.__class__
    return kind is ast.Name or kind is ast.Call or (kind is ast.Subscript and value.value.__class__ is ast.Call)


_STACKING = frozenset({"torch.stack", "torch.cat"})


def _unreduced_loss_names(tree: ast.AST, resolve) -> frozenset[str]:
    """The last names a file binds only to loss modules whose result [0] reads: torch's built not to reduce
    (``reduce=False``, ``reduction='none'``; ``.cuda()``/``.to(d)`` after the constructor allowed), and warp-ctc's
    ``CTCLoss()`` (warpctc_pytorch), which returns a 1-element tensor, not a 0-dim one."""
    unreduced, reducing = set(), set()
    one_element = set()  # the names that import warp-ctc or its loss
    for node in walk_tree(tree):
        if node.__class__ is ast.ImportFrom and (node.module or "").partition(".")[0] in _ONE_ELEMENT_LOSSES:
            one_element.update(alias.asname or alias.name for alias in node.names)
        elif node.__class__ is ast.Import:
            one_element.update(alias.asname or alias.name for alias in node.names
                               if alias.name.partition(".")[0] in _ONE_ELEMENT_LOSSES)
        if node.__class__ is not ast.Assign or len(node.targets) != 1:
            continue
        name = dotted_name(node.targets[0])
        if name is None:
            continue
        last = name.rsplit(".", 1)[-1]
        if (built := loss_module_built(node.value, resolve)) is not None:
            (unreduced if any(_unreducing(keyword) for keyword in built[0].keywords) else reducing).add(last)
        elif one_element and _constructs(node.value, one_element):
            unreduced.add(last)
    return frozenset(unreduced - reducing)


def _scaled_call(value: ast.expr) -> ast.Call | None:
    """``criterion(a, b)``, or that call divided or multiplied (``loss_function(...) / batch_size``): the call, whose
    shape the arithmetic keeps."""
    while value.__class__ is ast.BinOp and value.op.__class__ in (ast.Div, ast.Mult):
        value = value.left
    return value if value.__class__ is ast.Call else None


_ONE_ELEMENT_LOSSES = frozenset({"warpctc_pytorch"})  # packages whose loss modules return a 1-element tensor


def _constructs(value: ast.expr, names: set[str]) -> bool:
    """``CTCLoss()``, ``warp_ctc.CTCLoss().cuda()``: a call of one of ``names`` (or of an attribute of one)."""
    value = unmoved(value)
    callee = dotted_name(value.func) if isinstance(value, ast.Call) else None
    return callee is not None and callee.partition(".")[0] in names


def _unreducing(keyword: ast.keyword) -> bool:
    """``reduce=False`` or ``reduction='none'``."""
    value = keyword.value
    return value.__class__ is ast.Constant and ((keyword.arg == "reduce" and value.value is False)
                                                or (keyword.arg == "reduction" and value.value == "none"))


def _averaging_off(keyword: ast.keyword) -> bool:
    """``size_average=False`` or ``average=False`` given to a project's own loss: its flag for skipping the mean,
    which leaves one loss per sample (torch's own losses sum instead, and stay 0-dim)."""
    return keyword.arg in ("size_average", "average") and keyword.value.__class__ is ast.Constant and \
        keyword.value.value is False


def _argument_copies(tree: ast.AST | None) -> frozenset[str]:
    """The file's module-level functions whose every ``return`` hands back a name bound once, to ``.clone()`` of
    their first parameter (changed in place after: ``all_reduce``, ``/=``)."""
    found = set()
    for function in getattr(tree, "body", ()):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)) or not function.args.args:
            continue
        first = function.args.args[0].arg
        statements = list(own_statements(function))
        copies = {statement.targets[0].id for statement in statements if isinstance(statement, ast.Assign)
                  and len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name)
                  and isinstance(statement.value, ast.Call) and isinstance(statement.value.func, ast.Attribute)
                  and statement.value.func.attr == "clone" and isinstance(statement.value.func.value, ast.Name)
                  and statement.value.func.value.id == first}
        bound = [statement.targets[0].id for statement in statements if isinstance(statement, ast.Assign)
                 and len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name)]
        returns = [statement.value for statement in statements if isinstance(statement, ast.Return)]
        if returns and all(isinstance(value, ast.Name) and value.id in copies and bound.count(value.id) == 1
                           for value in returns):
            found.add(function.name)
    return frozenset(found)
