"""Bindings for the walker: what assignments, loops and comprehensions bind names to (a loaded checkpoint, a
non-torch library's object, a tensor size, profiler rows, a literal dict of keywords), and the parameters a
method stores or forwards, so that later uses of those names are read for what they hold.
"""

from __future__ import annotations

import ast
import re

from .patterns import is_multi_dim_list_index, loss_module_built, reduces
from .backwardgrads import one_element_vector
from .selfmethods import defined_method
from .passedcallables import calls_by_name, passed_callables
from .syspaths import added_folders
from .zerodimimports import (imported_from_project, imported_function, imported_kind, imported_method_kind,
                             module_instances, project_module_imports)
from .zerodim import (ITEMS, VALUE, array_library_value, python_number, is_full_reduction, tensor_evidence,
                      zero_dim_data_index, zero_dim_expression, zero_dim_call_kind, zero_dim_function_kind,
                      zero_dim_method_kind, zero_dim_positions)
from .functionobjects import wrapped_references
from .shapes import is_not_2d
from .classparams import looped_classes
from .foreignattrs import stored_foreign
from .listednames import note_bound_attribute, note_bound_name
from .imports import VARIABLE_CALLS, assigned_pairs, dotted_name, names_in_target, own_statements, statements
from .tensorsizes import size_bindings
from .profilerrows import KEYED, rows_of
from .provenance import NUMPY_MODULES
from .forwarded import constructor_attributes
from .patterns import UNKNOWN_KEYWORDS, is_set_expression
from .tables import note_table
from .unreadmodules import built_name


def _numpy_call(call: ast.Call) -> bool:
    """``np.arange(...)``, ``numpy.linspace(...)``: a call of the numpy module as the file usually names it."""
    func = call.func
    while func.__class__ is ast.Attribute:
        func = func.value
    return func.__class__ is ast.Name and func.id in NUMPY_MODULES


_METRIC_NAME = re.compile(r"(?i)acc|loss|dice|iou|err|metric|score|kl|nll|mse|mae|prec|recall|f1|dist|norm|penalty")
_UNASKED = object()  # a function of the file not yet read for what it returns (zerodim.zero_dim_function_kind)


class Bindings:
    def visit_Assign(self, node: ast.Assign) -> None:
        for target in node.targets:  # sched._get_lr_called_within_step = True / False around sched.get_lr()
            if (isinstance(target, ast.Attribute) and target.attr == "_get_lr_called_within_step"
                    and (owner := dotted_name(target.value)) is not None):
                if isinstance(node.value, ast.Constant) and node.value.value is True:
                    self.within_step.add((self.scope, owner))
                else:
                    self.within_step.discard((self.scope, owner))
        if self._replaces_with_own_code(node.value):
            self.patched.update(id(target) for target in node.targets if isinstance(target, ast.Attribute))
        elif isinstance(node.value, (ast.Call, ast.Subscript, ast.Attribute)):  # F.upsample = wrap(F.upsample, hook)
            targets, references = wrapped_references(node)
            self.patched |= targets
            self.replaced |= references
        if self.classes and self.foreign and isinstance(node.value, ast.Name):  # self.x = param: sympy.Matrix
            self.foreign_attributes.update(stored_foreign(node, self.classes[-1], self._is_foreign_name))
        if len(node.targets) == 1 and self.rules.by_scalar_index and isinstance(node.value, ast.Subscript) and (
                api := zero_dim_data_index(node.value, self._zero_dim_value)) and (
                rules := [rule for rule in self.rules.by_scalar_index if api in rule.apis]):
            self._report(node.value, api, rules)  # acc = acc.cpu().data[0]: read before the binding ends the 0-dim acc
        if len(node.targets) == 1:
            self._bind(node.value, node.targets[0])
            # mask = [a, torch.arange(n), *b]; x[mask] = 0 (or [slice(n) for n in x.shape], filled per dim later)
            if isinstance(target := node.targets[0], ast.Name):
                if isinstance(node.value, (ast.List, ast.ListComp, ast.BinOp, ast.Call)) and is_multi_dim_list_index(node.value):
                    self.index_lists.add((self.scope, target.id))
                    if self.tensor_tested and self.tensor_tested[-1]:  # PyG's old InMemoryDataset.get, copied:
                        # `if torch.is_tensor(item): s = list(repeat(slice(None), item.dim())) ... item[s]`
                        self.tensor_index_lists[(self.scope, target.id)] = self.tensor_tested[-1]
                else:
                    self.index_lists.discard((self.scope, target.id))
            note_table(node.targets[0], node.value, self.table_elements)
            if not isinstance(self.scope_nodes.get(self.scope), ast.ClassDef):  # a class attribute is called as self.f
                note_bound_name(node.targets[0], node.value, self.bound_names)
            if self.class_nodes:  # self.upsample = F.upsample_nearest: warns only where the class calls it
                note_bound_attribute(node.targets[0], node.value, self.class_nodes[-1], self.attribute_refs)
            if (built := built_name(node.targets[0], node.value, False)) is not None:
                if self.scope == 0 and isinstance(node.targets[0], ast.Name):
                    self.module_built.add(built)  # another module may import it (unreadmodules.unread_elsewhere)
                # the call (a missing-argument rule's node) and the class it names (a name rule's node)
                for made in (node.value, node.value.func):
                    self.built_modules[id(made)] = built
                    if self.class_nodes and isinstance(node.targets[0], ast.Attribute):
                        self.built_owners[id(made)] = self.class_nodes[-1]  # self.logsoftmax = nn.LogSoftmax()
                    elif isinstance(node.targets[0], ast.Name) and isinstance(
                            function := self.scope_nodes.get(self.scope), (ast.FunctionDef, ast.AsyncFunctionDef)):
                        self.built_functions[id(made)] = function  # sm = nn.Softmax() in a function: read there?
            if self.classes and isinstance(node.value, ast.Name):
                self._note_parameter_store(node.targets[0], node.value.id)
        self.generic_visit(node)
        self.loads.commit_holding()  # `v = v.to_tensor()`: v holds the new value only after its reads

    def _called_as(self, function: ast.AST, outer: int) -> str | None:
        """The name a project call runs ``function`` by (spread.py): its own for a module-level function, the
        class's for a class's ``__init__``; None for anything else."""
        if not self.classes:
            return function.name if outer == 0 else None
        return self.classes[-1] if function.name == "__init__" and outer in self.class_scopes else None

    def _forwarding_method(self) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
        """The method the walk is in, when callers name it (``self.name(...)``, ``obj.name(...)``): not a dunder, nor
        ``forward``, which ``module(x)`` runs without naming it."""
        function = self.scope_nodes.get(self.scope) if self.scope in self.loads.methods else None
        if function is None or function.name == "forward" or function.name.startswith("__"):
            return None
        return function

    def _method_owner(self) -> tuple[str, dict[str, tuple[str, int | None]]] | None:
        """In a method: its class's name and the attributes its constructor sets from None-defaulted parameters."""
        cls = self.scope_nodes.get(self.loads.provenance.parents.get(self.scope))
        if not isinstance(cls, ast.ClassDef):
            return None
        if id(cls) not in self.constructor_attributes:
            self.constructor_attributes[id(cls)] = constructor_attributes(cls)
        return cls.name, self.constructor_attributes[id(cls)]

    def _note_parameter_store(self, target: ast.AST, value: str) -> None:
        """``self.attr = param`` in ``__init__``: what the constructor's callers pass decides what ``self.attr``
        is (inherited.py, constructor parameters)."""
        signature = self.loads.signatures.get(self.scope)
        if (signature is None or signature[0] != "__init__" or not isinstance(target, ast.Attribute)
                or not isinstance(target.value, ast.Name) or target.value.id != "self"
                or value not in self.loads.params.get(self.scope, ())):
            return
        position = signature[1].index(value) if value in signature[1] else None
        self.class_facts.parameters[(self.classes[-1], target.attr)] = (value, position)

    def _note_passed_callables(self, node: ast.Call) -> None:
        """A call of a project callable (a class, maybe) passing a ruled torch callable, or ``self.X`` (which a
        class may bind to one), as an argument: inherited.py decides once it knows the project's classes."""
        passed: list[tuple[str | int, object]] = []
        for key, value in (*enumerate(node.args), *((kw.arg, kw.value) for kw in node.keywords if kw.arg)):
            if not isinstance(value, (ast.Attribute, ast.Name)):
                continue
            if isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name) and value.value.id == "self":
                if self.classes:
                    passed.append((key, ("self", value.attr)))
            elif (api := self._alias_resolve(value)) is not None and api in self.rules.by_call:
                passed.append((key, ("apis", (api,))))
            elif isinstance(value, ast.Name) and (forwarded := self._forwarded_parameter(value.id)) is not None:
                passed.append((key, ("param", forwarded)))
        if passed and (dotted := dotted_name(node.func)) is not None:
            self.class_facts.passes.append((self.classes[-1] if self.classes else "", dotted.rsplit(".", 1)[-1],
                                            node.lineno, passed))

    def _forwarded_parameter(self, name: str) -> tuple[str, str, int | None] | None:
        """``GANLoss(tensor=tensor)`` in ``init_loss(opt, tensor)`` (or in a class's ``__init__``): the value passed is
        what callers of this function pass, so the pass is noted as (callee name, parameter, its position) for
        inherited.py to follow to them."""
        signature = self.loads.signatures.get(self.scope)
        if signature is None or name not in self.loads.params.get(self.scope, ()):
            return None
        if signature[0] == "__init__" and self.classes:
            callee = self.classes[-1]
        elif not self.classes:
            callee = signature[0]
        else:
            return None  # a method: called through an instance the pass cannot name
        return callee, name, signature[1].index(name) if name in signature[1] else None

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if isinstance(node.target, ast.Name) and self._foreign_annotation(node.annotation):
            self.foreign.add((self.scope, node.target.id))
        if node.value is not None:
            self._bind(node.value, node.target)
            note_table(node.target, node.value, self.table_elements)
            self.visit(node.value)
            self.loads.commit_holding()
        self.visit(node.target)
        self._visit_annotation(node.annotation)

    def _replaces_with_own_code(self, value: ast.expr) -> bool:
        """``torch.backends.cuda.sdp_kernel = return_null_context``: a monkeypatch that swaps a torch callable
        for a function, class or lambda of the file. Writing the attribute neither calls nor reads the old
        one (a deprecated setting such as ``torch.distributed.config.x = True`` does warn: its value is data)."""
        if isinstance(value, ast.Lambda):
            return True
        if not isinstance(value, ast.Name):
            return False
        if self.own_callables is None:
            self.own_callables = {node.name for node in statements(self.tree) if isinstance(
                node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))}  # definitions are statements
        return value.id in self.own_callables

    def _note_zero_dim(self, key: tuple[int, str], value: ast.expr) -> None:
        """correct = pred.eq(y).sum() (zerodim.py): 0-dim when bound once in the scope, rebound outside any if (x = a
        - b; x = torch.max(torch.abs(x))), or rebound in another branch to a 0-dim value as well (if/elif losses)."""
        if array_library_value(value):  # frame = pd.DataFrame(rows).groupby(keys): its .mean() is no tensor
            self.array_values.add(key)
        else:
            self.array_values.discard(key)
        if self._becomes_zero_dim(key, value):
            self.zero_dim.add(key)
            if tensor_evidence(value, self._resolve):
                self.tensor_zero_dim.add(key)
        else:
            self.zero_dim.discard(key)
            self.tensor_zero_dim.discard(key)
        if isinstance(value, ast.ListComp) and (
                is_full_reduction(value.elt, self._resolve) or self._calls_loss_module(value.elt)) or \
                self._returns_zero_items(value):
            # losses = [torch.mean(v) for v in outputs], fg_acc = accuracy(out, y): each item is 0-dim
            self.zero_lists.add(key)
        else:
            self.zero_lists.discard(key)
        self.bound_once.add(key)
        self.zero_totals.discard(key)
        if isinstance(value, ast.Constant) and type(value.value) in (int, float) and value.value == 0:
            self.zero_starts.add(key)  # total_loss = 0, then total_loss += loss.data (zero_totals)
        else:
            self.zero_starts.discard(key)

    def _zero_dim_items(self, target: ast.AST, value: ast.expr) -> list[tuple[int, str]]:
        """``d_real, d_fake = bce(p, ones), bce(q, zeros)``: the names a tuple display binds to 0-dim values (by the
        rule of _note_zero_dim)."""
        if not isinstance(target, ast.Tuple):
            return []
        if self._returns_zero_items(value):  # prec1, prec5 = accuracy(output, target, topk=(1, 5))
            return [key for part in target.elts if isinstance(part, ast.Name)
                    and self._may_become_zero_dim(key := (self.scope, part.id))]
        if (positions := self._own_method_zero_positions(value)):  # loss, RE, KL = self.calculate_loss(x, average=True)
            return [key for position, part in enumerate(target.elts) if position in positions
                    and isinstance(part, ast.Name) and self._may_become_zero_dim(key := (self.scope, part.id))]
        return [key for part, item in assigned_pairs(target, value)
                if isinstance(part, ast.Name) and self._becomes_zero_dim(key := (self.scope, part.id), item)]

    def _own_method_zero_positions(self, value: ast.expr) -> frozenset[int]:
        """``self.calculate_loss(x, average=True)`` of a method the walked class defines itself: the positions of the
        tuple it returns that are 0-dim for that call (zerodim.zero_dim_positions)."""
        if not (value.__class__ is ast.Call and isinstance(value.func, ast.Attribute) and isinstance(
                value.func.value, ast.Name) and value.func.value.id == "self" and self.class_nodes):
            return frozenset()
        method = defined_method(self.class_nodes[-1], value.func.attr)
        return zero_dim_positions(method, value, self._resolve, skip=1) if method is not None else frozenset()

    def _returns_zero_items(self, value: ast.expr) -> bool:
        """A call of the file's function returning a list of 0-dim values (zerodim.ITEMS), or of a project module's
        (``import darts.utils as dutils`` then ``dutils.accuracy(output, target, topk=(1, 5))``)."""
        if value.__class__ is not ast.Call:
            return False
        func = value.func
        if func.__class__ is ast.Name:
            return self._zero_dim_function(func.id) == ITEMS and self._resolve(func) is None
        return func.__class__ is ast.Attribute and func.value.__class__ is ast.Name and \
            self._resolve(func) is None and self._module_function_kind(func.value.id, func.attr) == ITEMS

    def _module_function_kind(self, module: str, name: str) -> str | None:
        """What ``module.name`` returns when ``module`` is a project module the file imports (``import utils``,
        ``import lib.utils as U``, ``from lib import utils``), or None."""
        self._read_project_imports()
        if (imported := self.zero_dim_modules.get(module)) is not None:
            return self._imported_zero_dim_kind(name, (imported[0], imported[1], name))
        if (imported := self.zero_dim_imports.get(module)) is not None:
            level, package, module_name = imported
            return self._imported_zero_dim_kind(name, (level, f"{package}.{module_name}" if package
                                                       else module_name, name))
        return None

    def _becomes_zero_dim(self, key: tuple[int, str], value: ast.expr) -> bool:
        return self._zero_dim_value(value) and self._may_become_zero_dim(key)

    def _may_become_zero_dim(self, key: tuple[int, str]) -> bool:
        """A binding of a 0-dim value makes the name 0-dim: bound once in the scope, or outside any branch, or in a
        branch while it was 0-dim already (if/elif losses)."""
        return key not in self.bound_once or not self.branch_path or key in self.zero_dim

    def _zero_dim_value(self, value: ast.expr) -> bool:
        """A full reduction or a reducing loss call, or arithmetic of such values, 0-dim names and numbers
        (``l_d = l_d_real + l_d_fake``, ``0.5 * torch.mean(e ** 2)``: zerodim.zero_dim_expression)."""
        if value.__class__ is ast.Call and value.func.__class__ is ast.Attribute and \
                value.func.value.__class__ is ast.Name and (self.scope, value.func.value.id) in self.array_values:
            return False  # avg = frame.mean() of a name bound to a pandas or NumPy chain
        return zero_dim_expression(value, self._resolve, self._zero_dim_leaf, self._module_numbers())

    def _zero_dim_leaf(self, value: ast.expr) -> bool:
        if isinstance(value, ast.Name):
            return (self.scope, value.id) in self.zero_dim
        if value.__class__ is ast.Call and len(value.args) == 1 and not value.keywords and \
                self._resolve(value.func) in VARIABLE_CALLS:
            return self._zero_dim_value(value.args[0])  # Variable(accuracy(out, y)[0]): the tensor itself since 0.4
        if value.__class__ is ast.Call and value.func.__class__ is ast.Name and \
                self._zero_dim_function(value.func.id) == VALUE:
            return self._resolve(value.func) is None  # dice = get_dice(y, p), ``return 2 * (i / u).mean()`` in the file
        if value.__class__ is ast.Call and self._flagged_call_value(value):
            return True  # kl = utils.kl_loss(mean, logvar): `if average: return result.mean()`, average=True by default
        if value.__class__ is ast.Subscript and value.slice.__class__ is ast.Constant and \
                type(value.slice.value) is int and (self._returns_zero_items(value.value) or (
                    value.value.__class__ is ast.Name and (self.scope, value.value.id) in self.zero_lists)):
            return True  # accuracy(output, target)[0]; fg_acc[0] after fg_acc = accuracy(output, target)
        return self._calls_loss_module(value) or self._own_method_value(value) or self._instance_method_value(value)

    def _own_method_value(self, value: ast.expr) -> bool:
        """``self.accuracy(out, y)`` of a method the walked class defines, returning a 0-dim value (zerodim.VALUE)."""
        if not (value.__class__ is ast.Call and value.func.__class__ is ast.Attribute and
                value.func.value.__class__ is ast.Name and value.func.value.id == "self" and self.class_nodes):
            return False
        method = defined_method(self.class_nodes[-1], value.func.attr)
        if method is None:
            return False
        return self._method_kind(method) == VALUE

    def _method_kind(self, method: ast.AST) -> str | None:
        """What a method of the file returns (zerodim.VALUE, ITEMS), read once per method."""
        if (kind := self.method_kinds.get(id(method), _UNASKED)) is _UNASKED:
            kind = self.method_kinds[id(method)] = zero_dim_method_kind(method, self._resolve)
        return kind

    def _instance_method_value(self, value: ast.expr) -> bool:
        """``errG = gan_disc(fake)``, ``elbo = process.compute_elbo(...)``: a call of (or a method of) a module-level
        instance of a class the file defines or imports from the project, whose ``forward`` (or that method) returns a
        0-dim value. Asked only in files that index a tensor's data or give backward a gradient: another module may be
        parsed to answer."""
        if value.__class__ is not ast.Call:
            return False
        func = value.func
        if func.__class__ is ast.Name:
            instance, method = func.id, "forward"
        elif func.__class__ is ast.Attribute and func.value.__class__ is ast.Name:
            instance, method = func.value.id, func.attr
        else:
            return False
        if self.module_instances is None:  # asked of every call bound to a name: the file is read once
            text = self.source_text
            self.module_instances = module_instances(self.tree) if text is None or ".data[" in text or \
                ".backward(" in text else {}
        if (cls := self.module_instances.get(instance)) is None:
            return False
        if self.scope and (self.scope, instance) in self.loads.provenance.bindings:
            return False  # bound in this function too: which object is unknown
        defined = [node for node in getattr(self.tree, "body", ()) if isinstance(node, ast.ClassDef) and node.name == cls]
        if defined:
            own = defined_method(defined[0], method) if len(defined) == 1 else None
            return own is not None and self._method_kind(own) == VALUE
        self._read_project_imports()
        source = self.zero_dim_imports.get(cls)
        return source is not None and imported_method_kind(self.filename, source, method, self.sys_path_folders) == VALUE

    def _zero_dim_function(self, name: str) -> str | None:
        """What the file's own function ``name`` returns (zerodim.VALUE, ITEMS), or one it imports from the project
        (zerodimimports.py), or None."""
        self._read_project_imports()
        if name in self.zero_dim_functions:
            if (kind := self.zero_dim_functions[name]) is _UNASKED:
                kind = self.zero_dim_functions[name] = zero_dim_function_kind(self.tree, name, self._resolve)
            return kind
        source = self.zero_dim_imports.get(name)
        if source is None:
            return self._parameter_kind(name)
        return self._imported_zero_dim_kind(name, source)

    def _flagged_call_value(self, call: ast.Call) -> bool:
        """A call of a loss or metric function of the file or of a project module (``from utils import kl_loss``, or
        ``import utils`` then ``utils.kl_loss(...)``) whose returns, as this call's literal flags and the defaults
        choose them, are all 0-dim (zerodim.zero_dim_call_kind)."""
        func = call.func
        if func.__class__ is ast.Name:
            name = func.id
        elif func.__class__ is ast.Attribute and func.value.__class__ is ast.Name:
            name = func.attr
        else:
            return False
        if name[:1].isupper() or not _METRIC_NAME.search(name) or any(
                argument.__class__ is ast.Starred for argument in call.args) or any(
                keyword.arg is None for keyword in call.keywords):
            return False  # f(*args, **kwargs): which flags it passes is unknown
        self._read_project_imports()
        if func.__class__ is ast.Attribute:
            module = self.zero_dim_modules.get(func.value.id)
            found = imported_function(self.filename, (*module[:2], name), self.sys_path_folders) if module else None
        elif self._resolve(func) is not None:
            return False
        elif name in self.zero_dim_functions:
            defined = [node for node in self.tree.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
                       and node.name == name]
            found = (defined[0], self._resolve) if len(defined) == 1 else None
        else:
            source = self.zero_dim_imports.get(name)
            found = imported_function(self.filename, source, self.sys_path_folders) if source else None
        return found is not None and zero_dim_call_kind(found[0], call, found[1]) == VALUE

    def _read_project_imports(self) -> None:
        """The file's own functions and the names it imports from project modules (with the folders it adds to
        sys.path): asked for each call bound to a name, so the file is read once, lazily."""
        if self.zero_dim_functions is None:
            self.zero_dim_functions = {node.name: _UNASKED for node in getattr(self.tree, "body", ())
                                       if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}
            self.zero_dim_imports = imported_from_project(self.tree) if self.filename else {}
            self.zero_dim_modules = project_module_imports(self.tree) if self.filename else {}
            self.sys_path_folders = added_folders(self.tree, self.filename, self.source_text) \
                if self.zero_dim_imports or self.zero_dim_modules else ()

    def _imported_zero_dim_kind(self, name: str, source: tuple[int, str | None, str]) -> str | None:
        # another module is parsed to answer: only for function names that say metric or loss (accuracy, kl_loss; not
        # a class such as DINOLoss)
        return imported_kind(self.filename, source, self.sys_path_folders) if not name[0].isupper() \
            and _METRIC_NAME.search(name) else None

    def _parameter_kind(self, name: str) -> str | None:
        """``evaluation(output, target)`` where ``evaluation`` is a parameter of the module-level function around this
        scope: what every callable the file passes there returns, when they agree (passedcallables.py)."""
        scope = self.scope
        while scope and not (isinstance(node := self.scope_nodes.get(scope), (ast.FunctionDef, ast.AsyncFunctionDef))
                             and name in {a.arg for a in (*node.args.posonlyargs, *node.args.args,
                                                           *node.args.kwonlyargs)}):
            scope = self.loads.provenance.parents.get(scope, 0)
        function = self.scope_nodes.get(scope) if scope else None
        if function is None or function not in getattr(self.tree, "body", ()):
            return None
        if (key := (id(function), name)) in self.parameter_kinds:
            return self.parameter_kinds[key]
        self.parameter_kinds[key] = None  # (a callable passed on to itself asks again: unknown)
        if self.named_calls is None:
            self.named_calls = calls_by_name(self.tree)
        passed = passed_callables(function, name, self.named_calls.get(function.name, []))
        kinds = {self._callable_kind(value, name) for value in passed or [None]}
        kind = self.parameter_kinds[key] = kinds.pop() if len(kinds) == 1 else None
        return kind

    def _callable_kind(self, value: ast.expr | None, parameter: str) -> str | None:
        """What a passed callable returns: a lambda's 0-dim body (VALUE), the file's own or imported function, or
        ``module.function`` of an imported project module (``utils.accuracy``)."""
        if isinstance(value, ast.Lambda):
            return VALUE if zero_dim_expression(value.body, self._resolve, lambda _: False) else None
        if isinstance(value, ast.Name) and value.id != parameter and self._resolve(value) is None:
            return self._zero_dim_function(value.id)
        if isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name) and \
                value.value.id in self.zero_dim_imports:
            return self._module_function_kind(value.value.id, value.attr)
        return None

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        """``history["pos"] += hits.sum(0)``: the dict then holds what the arithmetic gives, numpy when the added
        value is (provenance.py asks it like any binding). Not ``mask += (ids == i)`` on a name: the uint8 pass
        reads a name's dtype from its bindings, and the in-place add keeps the uint8 tensor's dtype."""
        if self.rules.by_scalar_index and isinstance(node.target, ast.Name) and isinstance(node.op, ast.Add) \
                and (self.scope, node.target.id) in self.zero_starts and self._zero_dim_data(node.value):
            self.zero_totals.add((self.scope, node.target.id))  # a 0 growing by a loss's .data: a 0-dim tensor
            if tensor_evidence(node.value, self._resolve):
                self.tensor_totals.add((self.scope, node.target.id))
        if self.rules.by_scalar_index and isinstance(node.target, ast.Name) and isinstance(node.op, ast.Add) \
                and (self.scope, node.target.id) in self.zero_starts and tensor_evidence(node.value, self._resolve) \
                and self._zero_dim_value(_uncast(node.value)):
            # acc = 0; acc += (pred == y).sum().float(): a 0-dim tensor from there on (BIMPM's acc.cpu().data[0])
            self.zero_dim.add((self.scope, node.target.id))
        if isinstance(node.target, ast.Subscript) and isinstance(node.target.value, (ast.Name, ast.Attribute)):
            self.loads.provenance.note(node.value, self.scope, node.target.value)
        elif isinstance(node.target, (ast.Name, ast.Attribute)) and node.value.__class__ is not ast.Constant:
            self.loads.provenance.note_accumulation(node.value, self.scope, node.target)
        self.generic_visit(node)

    def _bind(self, value: ast.expr, target: ast.AST) -> None:
        self.loads.bind(value, self.scope, target)
        if self.rules.by_scalar_index and isinstance(target, (ast.Name, ast.Attribute)):
            self._note_loss_module(value, target)
        if self.tracks_gradients and isinstance(target, (ast.Name, ast.Attribute)):
            self._note_one_element(value, target)
        if self.tracks_sizes:
            for name, holds in size_bindings(value, target, self._resolve, self._holds_tensor_size):
                (self.tensor_sizes.add if holds else self.tensor_sizes.discard)((self.scope, name))
        if isinstance(target, ast.Name):
            key = (self.scope, target.id)
            if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id not in self.imports.aliases:
                # fn = get_fn(): what fn is, the project decides (returnedcalls.py); bound twice, unknown
                self.results_of[key] = value.func.id if self.results_of.get(key, value.func.id) == value.func.id else None
            elif key in self.results_of:
                self.results_of[key] = None
            if is_not_2d(value, self._resolve, lambda name: (self.scope, name) in self.not_2d):
                self.not_2d.add((self.scope, target.id))
            else:
                self.not_2d.discard((self.scope, target.id))
            if is_set_expression(value):
                self.sets.add((self.scope, target.id))
            else:
                self.sets.discard((self.scope, target.id))
            if self.rules.by_scalar_index:
                self._note_zero_dim(key, value)
                if isinstance(value, ast.Dict) and not value.keys:
                    self.zero_dicts[key] = False  # no item stored yet
                else:
                    self.zero_dicts.pop(key, None)
            if self.row_parameters is not None:
                self._bind_rows(key, value)
            if self.guarded:
                pass  # `else: kwargs = {}` of a version check the target passes: not what the target binds
            elif (keywords := self._target_keywords(value)) is not None:
                self.keyword_dicts[(self.scope, target.id)] = keywords
            else:  # rebound to something else (`opts = kwargs.copy()`): what it holds is unknown again
                self.keyword_dicts.pop(key, None)
        elif (isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name)
              and isinstance(target.slice, ast.Constant) and isinstance(target.slice.value, str) and not self.guarded):
            # kwargs["dynamic_axes"] = {...}; not in a branch that does not run on the target (a feature check).
            # On a dict whose other keys are unknown (`opts = kwargs.copy(); opts["dynamo"] = False`) the key is
            # still known: the dict is kept with an unknown `**` part, so only rules on passed keywords read it.
            known = self.keyword_dicts.setdefault((self.scope, target.value.id), [UNKNOWN_KEYWORDS])
            known[:] = [kw for kw in known if kw.arg != target.slice.value]
            known.append(ast.keyword(target.slice.value, value))
            if (dict_key := (self.scope, target.value.id)) in self.zero_dicts:
                # losses["rel"] = F.cross_entropy(...): the dict holds 0-dim values while every stored one is
                held = self.zero_dicts[dict_key] is not None and self._stored_zero_dim(value)
                self.zero_dicts[dict_key] = True if held else None
        else:  # `x, y = torch.meshgrid(x, y)`: what the names held before says nothing of what they hold now
            zero = self._zero_dim_items(target, value) if self.rules.by_scalar_index else ()
            self._forget_bound(target)
            self.zero_dim.update(zero)
            if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple) and len(target.elts) == len(value.elts):
                # acc, loss, size = 0, 0, 0: each a total's start (zero_starts), as when bound alone
                self.zero_starts.update((self.scope, part.id) for part, item in zip(target.elts, value.elts)
                                        if isinstance(part, ast.Name) and isinstance(item, ast.Constant)
                                        and type(item.value) in (int, float) and item.value == 0)
        if isinstance(value, ast.Call) and self._is_foreign(value.func) and not self._library_schedule(value.func):
            names = target.elts if isinstance(target, ast.Tuple) else [target]  # `sched, n = create_scheduler(...)`
            passed = {a.id for a in value.args if isinstance(a, ast.Name)}
            # `optimizer, scheduler, lr = load_pretrained_optimizer(path, optimizer, scheduler, lr)`: a scheduler
            # the file built, handed to a helper and taken back, is that scheduler still (or a wrapper forwarding
            # to it, as accelerate's prepare returns)
            self.foreign.update((self.scope, name.id) for name in names if isinstance(name, ast.Name) and not (
                name.id in passed and self._holds_scheduler(name)))

    def _note_one_element(self, value: ast.expr, target: ast.AST) -> None:
        """``one = torch.FloatTensor([1])``, ``self.mone = one * -1``: a one-element gradient (backwardgrads.py)."""
        if (key := self._one_element_key(target)) is None:
            return
        if one_element_vector(value, self._resolve, self._holds_one_element):
            self.one_element.add(key)
        else:
            self.one_element.discard(key)

    def _one_element_key(self, node: ast.AST) -> tuple[int, str] | None:
        name = dotted_name(node)
        if name is None or ("." in name and not name.startswith("self.")) or name.count(".") > 1:
            return None
        return (0, name) if name.startswith("self.") else (self.scope, name)

    def _holds_one_element(self, node: ast.expr) -> bool:
        key = self._one_element_key(node)
        if key is None:
            return False
        if key in self.one_element or (0, key[1]) in self.one_element:
            return True
        # a module-level `one = torch.FloatTensor([1])` further down the script than the function reading it (a name
        # the function does not bind itself)
        return key[0] != 0 and "." not in key[1] and key not in self.loads.provenance.bindings and \
            key[1] in self._module_one_elements()

    def _module_one_elements(self) -> frozenset[str]:
        """Names the module binds at its own level, once, to a one-element vector (read once, when asked)."""
        if self.module_one_elements is None:
            bound: dict[str, list[ast.expr]] = {}
            for statement in getattr(self.tree, "body", ()):
                if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and \
                        isinstance(statement.targets[0], ast.Name):
                    bound.setdefault(statement.targets[0].id, []).append(statement.value)
            names: set[str] = set()
            for name, values in bound.items():  # mone = one * -1 after one = ...: in source order
                if len(values) == 1 and one_element_vector(values[0], self._resolve, lambda n: getattr(
                        n, "id", None) in names):
                    names.add(name)
            self.module_one_elements = frozenset(names)
        return self.module_one_elements

    def _calls_loss_module(self, value: ast.expr) -> bool:
        """``criterion(out, y)`` where the name (here, or at module level) or ``self.criterion`` is bound to a torch loss
        module that reduces (``nn.CrossEntropyLoss()``, ``nn.MSELoss().cuda()``; not ``reduction="none"``): a 0-dim
        loss since 0.4."""
        if not (isinstance(value, ast.Call) and value.args):
            return False
        if value.func.__class__ is ast.Call:
            return self._reducing_loss_module(value.func)  # nn.MSELoss()(mu1, mu2): made and called at once
        if (name := dotted_name(value.func)) is None:
            return False
        keys = [(0, name)] if name.startswith("self.") else [(self.scope, name), (0, name)]
        if any(key in self.loss_modules for key in keys):
            return True
        # a module-level binding further down the file: a name the function neither binds nor takes as a parameter
        return "." not in name and self.scope != 0 and name in self._module_loss_names() and \
            not self.loads.provenance.bindings.get((self.scope, name)) and \
            name not in self.loads.params.get(self.scope, ())

    def _module_loss_names(self) -> frozenset[str]:
        """Names the module binds, outside its functions and only there, to reducing torch loss modules: a script
        defines ``def test(): mse = criterion(pred, y)`` above its ``criterion = nn.L1Loss()`` (read once, when asked)."""
        if self.module_loss_names is None:
            reducing, other = set(), set()
            for statement in own_statements(self.tree):
                if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and \
                        isinstance(statement.targets[0], ast.Name) and not _moved_self(statement):
                    (reducing if self._reducing_loss_module(statement.value) else other).add(statement.targets[0].id)
            self.module_loss_names = frozenset(reducing - other)
        return self.module_loss_names

    def _reducing_loss_module(self, value: ast.expr) -> bool:
        """``nn.CrossEntropyLoss()``, ``nn.MSELoss().cuda()``: a torch loss module that reduces (not
        ``reduction="none"``; not AdaptiveLogSoftmaxWithLoss, which gives back an (output, loss) named tuple)."""
        built = loss_module_built(value, self._resolve)
        return built is not None and reduces(built[0]) and not built[1].endswith("WithLoss")

    def _note_loss_module(self, value: ast.expr, target: ast.AST) -> None:
        """``criterion = nn.CrossEntropyLoss()`` (also ``.cuda()``/``.to(d)`` after it): see _calls_loss_module."""
        name = dotted_name(target)
        if name is None or ("." in name and not name.startswith("self.")):
            return
        key = (0, name) if name.startswith("self.") else (self.scope, name)
        if self._reducing_loss_module(value):
            self.loss_modules.add(key)
        else:
            self.loss_modules.discard(key)

    def _zero_dim_data(self, value: ast.expr) -> bool:
        """``loss.data``, ``(s_loss0 + s_loss1).data``, ``loss``: a loss (named as the scalar-index rules name one), a
        full reduction or a call of a reducing loss module (``criterion(output, targets)``), or its data, which is 0-dim since 0.4 (indexing the total with [0] rules out a Python number);
        scaled by Python numbers (``raw_loss.data * args.small_batch_size / args.batch_size``, ``loss * len(data)``)
        it stays 0-dim."""
        parts, pending = [], [value]
        while pending:  # the operands of + - * /, each without a trailing .data
            part = pending.pop()
            if isinstance(part, ast.BinOp) and isinstance(part.op, (ast.Add, ast.Sub, ast.Mult, ast.Div)):
                pending += [part.left, part.right]
            elif isinstance(part, ast.Attribute) and part.attr == "data":
                pending.append(part.value)
            else:
                parts.append(part)

        def zero_dim(part: ast.expr) -> bool:
            if isinstance(part, ast.Name):
                return (self.scope, part.id) in self.zero_dim or any(
                    rule.receiver and re.fullmatch(rule.receiver, part.id, re.IGNORECASE)
                    for rule in self.rules.by_scalar_index)
            # criterion(output, targets).data: a reducing torch loss module's result (_calls_loss_module)
            return is_full_reduction(part, self._resolve) or self._calls_loss_module(part)
        sizes = {part.id for part in parts if isinstance(part, ast.Name) and self._holds_size(part.id)}
        zero = [part for part in parts if not python_number(part, sizes)]
        return bool(zero) and all(zero_dim(part) for part in zero)

    def _holds_size(self, name: str) -> bool:
        """``n = data.size()[0]`` (or ``x.size(0)``, ``x.shape[0]``, ``len(x)``) in every binding the scope has: an int,
        so ``total += n * acc`` grows by a 0-dim tensor times a number."""
        provenance = self.loads.provenance
        bindings = provenance.bindings.get(provenance.key(name, self.scope), ())
        return bool(bindings) and all(position is None and _size_read(value) for value, position, _ in bindings)

    def _forget_bound(self, target: ast.AST) -> None:
        """The names ``target`` rebinds (a tuple, list or starred unpacking, a loop variable, ``with ... as``, a
        walrus) to a value the walk does not read: the facts kept per name (a 1-D tensor, a set, a full reduction,
        a project call's result, a literal dict's keywords) no longer hold."""
        for name in names_in_target(target):
            key = (self.scope, name)
            self.not_2d.discard(key)
            self.sets.discard(key)
            self.zero_dim.discard(key)
            self.zero_totals.discard(key)
            self.zero_dicts.pop(key, None)
            self.bound_once.add(key)
            self.keyword_dicts.pop(key, None)
            if key in self.results_of:
                self.results_of[key] = None

    def visit_NamedExpr(self, node: ast.NamedExpr) -> None:
        self._forget_bound(node.target)
        self.generic_visit(node)

    def visit_For(self, node: ast.For) -> None:  # also comprehensions: both have target and iter
        self._forget_bound(node.target)
        self.loads.loop_nodes.append((node.target, node.iter, self.scope))
        self.loads.note_loop_paths(node.target, node.iter, self.scope)
        if isinstance(node.target, ast.Name) and (rows := rows_of(node.iter, self._row_list)) is not None:
            self.instances[(self.scope, node.target.id)] = rows
        if node.target.__class__ is ast.Name and node.iter.__class__ is ast.Call and _numpy_call(node.iter):
            # for epoch in np.arange(start, n): each epoch is an item of the array, a numpy scalar (provenance.py)
            item = ast.copy_location(ast.Subscript(node.iter, ast.Constant(0), ast.Load()), node.iter)
            self.loads.provenance.note(item, self.scope, node.target)
        if (zero := self._zero_dim_target(node)) is not None:  # for loss in losses: a 0-dim value each time
            self.zero_dim.add((self.scope, zero))
        if isinstance(node.iter, ast.Name):  # for k in model: walks a dict's keys
            self.loads.dict_used.add((self.scope, node.iter.id))
            self.loads.iterated.add((self.scope, node.iter.id))
        if isinstance(node.target, ast.Name):  # for spec_class in (OneHot, Binary): another library's classes
            if looped_classes(node, self._foreign_import) is not None:
                self.foreign_classes.add((self.scope, node.target.id))
            else:
                self.foreign_classes.discard((self.scope, node.target.id))
        self.generic_visit(node)

    visit_AsyncFor = visit_comprehension = visit_For

    def visit_ListComp(self, node: ast.AST) -> None:
        """A comprehension's element is walked before its loops: ``[r.cuda_time_total for r in
        prof.key_averages()]`` needs the loop's profiler rows known first."""
        zero_items = []
        for generator in node.generators:
            if isinstance(generator.target, ast.Name) and (rows := rows_of(generator.iter, self._row_list)) is not None:
                self.instances[(self.scope, generator.target.id)] = rows
            if (zero := self._zero_dim_target(generator)) is not None:  # [v.data[0] for v in losses]: v is 0-dim
                key = (self.scope, zero)
                zero_items.append((key, key in self.zero_dim))
                self.zero_dim.add(key)
        self.generic_visit(node)
        for key, held in zero_items:
            if not held:
                self.zero_dim.discard(key)

    def _zero_dim_target(self, loop: ast.AST) -> str | None:
        """The name a loop (or comprehension) binds to 0-dim values: each item of a list of them (see zero_lists,
        zero_appended), or each value of a dict of them (``for v in losses.values()``, ``for k, v in
        losses.items()``: zero_dicts)."""
        target, iterated = loop.target, loop.iter
        if isinstance(target, ast.Name) and isinstance(iterated, ast.Name):
            key = (self.scope, iterated.id)
            return target.id if key in self.zero_lists or key in self.zero_appended else None
        if not (isinstance(iterated, ast.Call) and isinstance(iterated.func, ast.Attribute) and not iterated.args
                and isinstance(iterated.func.value, ast.Name)
                and self.zero_dicts.get((self.scope, iterated.func.value.id)) is True):
            return None
        if iterated.func.attr == "values" and isinstance(target, ast.Name):
            return target.id
        if iterated.func.attr == "items" and isinstance(target, ast.Tuple) and len(target.elts) == 2 \
                and isinstance(target.elts[1], ast.Name):
            return target.elts[1].id
        return None

    def _stored_zero_dim(self, value: ast.expr) -> bool:
        """A 0-dim value, or a name the scalar-index rules take for a loss (``losses["total"] = loss``)."""
        return self._zero_dim_value(value) or isinstance(value, ast.Name) and any(
            re.fullmatch(rule.receiver, value.id, re.IGNORECASE) for rule in self.rules.by_scalar_index)

    visit_SetComp = visit_GeneratorExp = visit_DictComp = visit_ListComp

    def _row_list(self, name: str) -> str | None:
        return self.row_lists.get((self.scope, name)) if self.row_lists else None

    def _bind_rows(self, key: tuple[int, str], value: ast.expr) -> None:
        """``events = sorted(prof.key_averages(), ...)``, ``sort_key = "self_cuda_time_total"``: what a later loop or
        ``getattr(evt, sort_key)`` reads (files that name profiler results only)."""
        if (rows := rows_of(value, self._row_list)) is not None:
            self.row_lists[key] = rows
        else:
            self.row_lists.pop(key, None)
        for option in (value.body, value.orelse) if isinstance(value, ast.IfExp) else (value,):
            if isinstance(option, ast.Constant) and isinstance(option.value, str):
                self.strings.setdefault(key, set()).add(option.value)

    def _check_row_reads(self, node: ast.Call) -> None:
        """``sorted(prof.key_averages(), key=lambda evt: ...)``: the lambda's parameter is a row; ``getattr(evt,
        "self_cuda_time_total")`` on a row, or with a name bound here or in an enclosing function to that
        string, reads the attribute as ``evt.self_cuda_time_total`` would (AttributeError on the rows)."""
        func = node.func
        if isinstance(func, ast.Name) and func.id in KEYED and node.args:
            rows = rows_of(node.args[0], self._row_list)
        elif isinstance(func, ast.Attribute) and func.attr == "sort":
            rows = rows_of(func.value, self._row_list)
        else:
            rows = None
        if rows is not None:
            for keyword in node.keywords:
                if keyword.arg == "key" and isinstance(keyword.value, ast.Lambda) and (
                        params := [*keyword.value.args.posonlyargs, *keyword.value.args.args]):
                    self.instances[(id(keyword.value), params[0].arg)] = rows
        if not (isinstance(func, ast.Name) and func.id == "getattr" and len(node.args) == 2
                and isinstance(node.args[0], ast.Name)
                and (owner := self.instances.get((self.scope, node.args[0].id))) is not None):
            return
        name = node.args[1]
        if isinstance(name, ast.Constant) and isinstance(name.value, str):
            names = {name.value}
        elif isinstance(name, ast.Name):
            names, scope = set(), self.scope
            while scope and not names:  # the lambda's own scope, then the function around it
                names = self.strings.get((scope, name.id), set())
                scope = self.loads.provenance.parents.get(scope, 0)
        else:
            return
        for attribute in sorted(names):
            self._check_qualified(node, f"{owner}.{attribute}")


def _moved_self(statement: ast.Assign) -> bool:
    """``criterion = criterion.cuda(gpu)`` / ``.to(device)``: the same module, moved."""
    value, target = statement.value, statement.targets[0]
    return isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr in ("cuda", "to") \
        and isinstance(value.func.value, ast.Name) and isinstance(target, ast.Name) and value.func.value.id == target.id


def _size_read(value: ast.expr) -> bool:
    """``x.size()[0]``, ``x.size(0)``, ``x.shape[0]``, ``len(x)``: one dimension's size, a Python int."""
    if isinstance(value, ast.Call):
        func = value.func
        return (isinstance(func, ast.Name) and func.id == "len") or (
            isinstance(func, ast.Attribute) and func.attr == "size" and len(value.args) == 1 and not value.keywords)
    if isinstance(value, ast.Subscript) and isinstance(value.slice, (ast.Constant, ast.UnaryOp)):
        inner = value.value
        return (isinstance(inner, ast.Attribute) and inner.attr == "shape") or (
            isinstance(inner, ast.Call) and isinstance(inner.func, ast.Attribute) and inner.func.attr == "size"
            and not inner.args)
    return False


_CASTS = frozenset({"float", "double", "long", "int", "half", "cpu", "cuda"})


def _uncast(value: ast.expr) -> ast.expr:
    """``x.sum().float()`` -> ``x.sum()``: a cast or a move keeps a 0-dim value 0-dim."""
    while isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr in _CASTS \
            and not value.args and not value.keywords:
        value = value.func.value
    return value
