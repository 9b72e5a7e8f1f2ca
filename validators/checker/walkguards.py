"""Guards and branches for the walker: version checks, feature checks and fallbacks decide which code runs on the
target torch. A branch that never runs there (``if torch.__version__ < "2"``, an ``except ImportError`` fallback,
the rest of a block after a check whose branch leaves it) is walked with ``guarded`` raised, so nothing in it is
reported; branches of one statement are recorded so loads in different ones are known never to run together.
"""

from __future__ import annotations

import ast
from functools import partial

from .featurechecks import LocalChecks
from .versionflags import (attribute_flags, attribute_versions, expand_attribute_flags, expand_flags,
                           map_logical_leaves, reads_self_anywhere, reads_self_attribute, stored_attribute_counts,
                           substitute_self_attributes)
from .devicechecks import imports_plugin, is_off, off_checks, substitute_off
from .versionstrings import substitute_aliases, version_aliases
from .ducktests import fallback_branch
from .guards import (catches, catches_fallback, catches_key_error, guard_outcome, helper_called, is_fallback, is_torch_version_string,
                     is_version_guard, leaves_unbound, only_bindings, probes_only, retries_body,
                     retries_without_keywords)
from .importingload import load_expecting_import
from .savepairs import opened_files
from .imports import dotted_name, is_torch_module, subnodes, walk_nodes
from .loadedforms import runs_by_default, type_tested_names
from .versionhelpers import int_sequence
from .importtime import always_false_flags, failed_import_flags, module_flags
from .shippedpackages import checked_package
from .privatenames import missing_private

_LEAVE_BLOCK = (ast.Return, ast.Raise, ast.Continue, ast.Break)  # a branch ending so never falls through
_BUILTIN_TYPES = frozenset({"dict", "list", "tuple", "set", "str", "int", "float", "bool", "bytes", "type", "object"})
_SAFE_GLOBALS = ("torch.serialization.safe_globals", "torch.serialization.add_safe_globals")


def _names_read(node: ast.AST) -> set[str]:
    return {n.id for n in subnodes(node) if n.__class__ is ast.Name}


def _substituted(test: ast.expr, names: dict[str, ast.expr]) -> ast.expr:
    """``test`` with each name of ``names`` read in it (alone, in a comparison, under not / and / or) replaced
    by the expression it is bound to; the nodes themselves are left as they are."""
    def substitute(leaf: ast.expr) -> ast.expr:
        if isinstance(leaf, ast.Name):
            return names.get(leaf.id, leaf)
        if isinstance(leaf, ast.Compare):
            left = names.get(leaf.left.id, leaf.left) if isinstance(leaf.left, ast.Name) else leaf.left
            right = [names.get(c.id, c) if isinstance(c, ast.Name) else c for c in leaf.comparators]
            if left is leaf.left and all(a is b for a, b in zip(right, leaf.comparators)):
                return leaf
            return ast.copy_location(ast.Compare(left, leaf.ops, right), leaf)
        return leaf
    return map_logical_leaves(test, substitute)


def _tensor_tested(test: ast.expr) -> str | None:
    """``torch.is_tensor(item)`` / ``isinstance(item, torch.Tensor)``: the name the branch knows is a tensor."""
    if not (isinstance(test, ast.Call) and test.args and isinstance(test.args[0], ast.Name)):
        return None
    called = dotted_name(test.func)
    if called == "torch.is_tensor" and len(test.args) == 1:
        return test.args[0].id
    if called == "isinstance" and len(test.args) == 2 and dotted_name(test.args[1]) == "torch.Tensor":
        return test.args[0].id
    return None


def _always_leaves(statements: list[ast.stmt]) -> bool:
    """The block never falls through: it ends with return/raise/continue/break, or with an ``if`` both of whose
    branches never fall through (``if self.data_dir: ...; return x else: return y``)."""
    if not statements:
        return False
    last = statements[-1]
    if isinstance(last, _LEAVE_BLOCK):
        return True
    return isinstance(last, ast.If) and _always_leaves(last.body) and _always_leaves(last.orelse)


class GuardedBranches:
    # --- regions where findings would be wrong ------------------------------------
    def _removed(self, qualified: str) -> bool:
        """A rule says ``qualified`` raises on the target (removed, moved away), or the target lacks it."""
        return any(rule.severity == "error" and rule.kind == "name" and rule.applies_to(self.target)
                   for _, rules in self.rules.name_rules(qualified) for rule in rules) or self._gone(qualified) is not None \
            or (missing_private(qualified, f"{self.target.major}.{self.target.minor}")
                and not self.rules.surface.is_module(qualified)) \
            or (qualified.count(".") > 1 and bool(self.rules.surface.missing_attribute(qualified)))
        # (hasattr(torch, "_unique_dim"): privatenames.py; hasattr(dist, "DistBackend"): the build's surface)

    def _runs_on_target(self, test: ast.expr) -> bool | None:
        """The outcome of an ``if`` test on the target, when it is a version check that can be read off."""
        test = self._expanded(test)
        if not (is_version_guard(test, self.imports) or self._helper_guard(test)):
            return None
        return guard_outcome(test, self.imports, (self.target.major, self.target.minor), self._removed,
                             self._helper_parts, self._removed_keyword)

    def _removed_keyword(self, api: str, keyword: str) -> bool:
        """A rule says the target no longer takes ``keyword`` (``varlen_attn(is_causal=...)`` raises TypeError)."""
        return any(rule.kind == "keyword" and rule.severity == "error" and rule.value is None
                   and rule.applies_to(self.target)
                   and keyword in rule.arguments
                   for rule in self.rules.by_call.get(api, ()))

    def _switched_off(self, test: ast.expr) -> bool:
        """``_AVAIL`` or ``_AVAIL and ...`` where a failed torch import sets the module-level ``_AVAIL`` False on
        the target (importtime.failed_import_flags), or a check for caffe2 data in a tree without caffe2
        (shippedpackages.checked_package): the branch never runs there."""
        values = test.values if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) else [test]
        if any((package := checked_package(value)) and not self._carries(package) for value in values):
            return True  # `if self._check_caffe2_blob(values):` in a copy of torch 1's SummaryWriter
        if any(isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and not value.args
               and value.func.id in self._failing_probes() for value in values):
            return True  # `if has_old_rnns():` whose probe of a name the target lacks returns False there
        if self.off_flags is None:
            self.off_flags = failed_import_flags(self.tree, lambda statement: self._imports_removed([statement])) | (
                always_false_flags(self.tree) if self.tree is not None else set())
        if not self.off_flags:
            return False
        return any(isinstance(value, ast.Name) and value.id in self.off_flags for value in values)

    def _failing_probes(self) -> frozenset[str]:
        """The file's module-level functions that are one probing try (guards.probes_only) returning a constant in
        the body and another in its handlers, whose probed names the target lacks: they return the handler's."""
        if self.failing_probes is None:
            found = set()
            for function in getattr(self.tree, "body", ()):
                if isinstance(function, ast.FunctionDef) and len(function.body) == 1 and \
                        isinstance(probe := function.body[0], ast.Try) and probes_only(probe) and probe.handlers and \
                        all(isinstance(s, ast.Return) and isinstance(s.value, ast.Constant) and s.value.value is False
                            for handler in probe.handlers for s in handler.body[-1:]) and \
                        all((qualified := self._resolve(statement.value)) and self._removed(qualified)
                            for statement in probe.body if isinstance(statement, ast.Expr)):
                    found.add(function.name)
            self.failing_probes = frozenset(found)
        return self.failing_probes

    def _switched_on(self, test: ast.expr) -> bool:
        """``not _AVAIL`` with ``_AVAIL`` switched off (see _switched_off): the body always runs, the else never."""
        return isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not) and isinstance(
            test.operand, ast.Name) and self._switched_off(test.operand)

    def _expanded(self, test: ast.expr) -> ast.expr:
        """A feature flag bound once at module level (``_USES_WINDOW_SIZE = "window_size" in
        inspect.signature(f).parameters``) stands for its expression; ``not`` / ``and`` / ``or`` of them too."""
        if self.flags is None:
            self.flags = module_flags(self.tree, lambda value: is_version_guard(value, self.imports))
            self.version_names = version_aliases(self.tree, lambda value: is_torch_version_string(value, self.imports))
        if self.scope and (local := self._local_checks(test)):  # `mesh_args = torch.meshgrid.__kwdefaults__` above
            test = _substituted(test, local)
            # `v = torch.__version__` above: `int(v.split(".")[1])` reads it at any depth (versionstrings.py)
            test = substitute_aliases(test, {name: value for name, value in local.items()
                                             if is_torch_version_string(value, self.imports)})
        test = substitute_aliases(test, self.version_names)  # `version = torch.__version__` at module level
        test = expand_flags(test, self.flags)  # flags of flags too: `WITH_PT23 = WITH_PT20 and ...`
        if self.class_nodes and self.tree is not None and reads_self_attribute(test):  # `self._newstyle = not lt("1.1")`
            cls = self.class_nodes[-1]
            if (flags := self.attribute_flags.get(id(cls))) is None:
                flags = self.attribute_flags[id(cls)] = attribute_flags(
                    cls, self._stored_attributes, lambda value: is_version_guard(expand_flags(value, self.flags), self.imports))
            test = expand_attribute_flags(test, flags)
        if self.class_nodes and self.tree is not None and reads_self_anywhere(test):
            # `self.pytorch_version = torch.__version__[2]` in __init__, then `if self.pytorch_version == "1":`
            cls = self.class_nodes[-1]
            if (versions := self.attribute_versions.get(id(cls))) is None:
                versions = self.attribute_versions[id(cls)] = attribute_versions(
                    cls, self.tree, lambda value: any(
                        is_torch_version_string(node, self.imports) for node in walk_nodes(value)))
            test = substitute_self_attributes(test, versions)
        if self.project_flags is not None:  # `torch_geometric.typing.WITH_PT23`: another module's flag
            test = self.project_flags.substitute(test)
        return substitute_off(test, self._device_off)  # `if is_npu_available():`: never on stock torch

    def _stored_attributes(self) -> dict[str, int]:
        """The file's attribute stores (versionflags.stored_attribute_counts): one walk for all its classes."""
        if self.stored_attributes is None:
            self.stored_attributes = stored_attribute_counts(self.tree)
        return self.stored_attributes

    def _device_off(self, node: ast.expr) -> bool:
        """A vendor-device check of this module or another of the project, False on stock torch."""
        if self.device_off is None:
            self.device_off = off_checks(self.tree) if self.tree is not None else frozenset()
        return is_off(node, self.device_off) or (
            self.project_flags is not None and self.project_flags.device_off(node))

    def _local_checks(self, test: ast.expr) -> dict[str, ast.expr]:
        """Names ``test`` reads that the walked function binds once to a feature or version check
        (featurechecks.LocalChecks), and those their checks read in turn (substituted into the test, they are
        read there too)."""
        checks = self.scope_checks.get(self.scope)
        if checks is None:
            # (a partial of the imports, not a lambda of self: kept in self, that would make a reference cycle)
            checks = self.scope_checks[self.scope] = LocalChecks(
                self.scope_nodes.get(self.scope), partial(is_version_guard, imports=self.imports))
        read = _names_read(test)
        found = checks.among(read)
        if found:
            found = checks.among(read.union(*map(_names_read, found.values())))
        return found

    def _helper_parts(self, name: str) -> int | None:
        return self.version_helpers.parts(name) if self.version_helpers is not None else None

    def _helper_guard(self, test: ast.expr) -> bool:
        """``get_version() >= [1, 11]`` with a helper whose body says it returns torch's version."""
        stack = [test]
        while stack:  # the test and its not / and / or parts: where guard_outcome looks
            node = stack.pop()
            if isinstance(node, ast.BoolOp):
                stack.extend(node.values)
            elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
                stack.append(node.operand)
            elif isinstance(node, ast.Compare) and len(node.ops) == 1:
                left, right = node.left, node.comparators[0]
                for called, other in ((left, right), (right, left)):
                    name = helper_called(called)
                    if name is not None and int_sequence(other) is not None and self._helper_parts(name) is not None:
                        return True
        return False

    def _passes_checks(self, test: ast.expr) -> bool:
        """``a and b and ...`` where each part that is a version or feature check is true on the target and at
        least one is; the other parts are not checks of torch (hardware, settings)."""
        if not (isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And)):
            return False
        passed = False
        for part in test.values:
            if not (is_version_guard(part, self.imports) or self._helper_guard(part)):
                continue
            outcome = guard_outcome(part, self.imports, (self.target.major, self.target.minor), self._removed,
                                    self._helper_parts, self._removed_keyword)
            if outcome is not True:
                return False
            passed = True
        return passed

    def _visit_guarded(self, nodes) -> None:
        self.guarded += 1
        for node in nodes:
            if hasattr(node, "end_lineno"):  # for the passes that read the file after the walk
                self.guarded_spans.append((node.lineno, node.end_lineno))
            self.visit(node)
        self.guarded -= 1

    def visit_If(self, node: ast.If) -> None:
        if node.orelse:
            self.loads.provenance.note_branches(node)
        self._visit_branches(node, node.body, node.orelse)

    def visit_IfExp(self, node: ast.IfExp) -> None:
        self._visit_branches(node, [node.body], [node.orelse])

    def _visit_branches(self, node, body: list, orelse: list) -> None:
        """A version check whose outcome on the target is readable: the branch that runs there is
        checked like any code, the other is not. An unreadable one (hasattr, TYPE_CHECKING): neither."""
        test = self._expanded(node.test)
        if not (is_version_guard(test, self.imports) or self._helper_guard(test)):
            if self._switched_off(node.test):  # `if _AVAIL and ...:` with _AVAIL False on the target
                self._visit_guarded([node.test])
                self._visit_guarded(body)
                self._visit_list(orelse)
                return
            if orelse and self._switched_on(node.test):  # `if not HAS_X: ... else: <never runs>`
                self.visit(node.test)
                self._visit_list(body)
                self._visit_guarded(orelse)
                return
            if (fallback := fallback_branch(node.test, body, orelse, self.rules.by_method)) is not None:
                self.visit(node.test)  # `if hasattr(m, "register_full_backward_hook"): ... else: <old call>`
                self._visit_list(orelse if fallback == 0 else body)
                self._visit_guarded(body if fallback == 0 else orelse)
                return
            tested = [(self.scope, name) for name in type_tested_names(node.test)]
            self.loads.type_tested += tested  # isinstance(x, ...): code for several kinds of x (LoadedObjects)
            if isinstance(node, ast.If):  # either branch may bind what later lines read (LoadedObjects.enter_branch)
                self.visit(node.test)
                # `if isinstance(s, ReduceLROnPlateau): ... else: s.step(epoch)`: not a plateau in that branch
                plateau = self._plateau_test(node.test)
                self.loads.enter_branch(runs_by_default(node.test))
                self.branch_path.append((id(node), 0))
                if (foreign := self._foreign_class_test(node.test)) is not None:
                    self.foreign_typed.append(foreign)  # `if isinstance(s, TimmScheduler): s.step(epoch=e)`
                self.tensor_tested.append(_tensor_tested(node.test))  # `if torch.is_tensor(item):` (walkbindings)
                self._visit_not_plateau(node.body, plateau, 0)  # not a bare loop: a check that leaves the block guards the rest
                self.tensor_tested.pop()
                if foreign is not None:
                    self.foreign_typed.pop()
                self.branch_path[-1] = (id(node), 1)
                self.loads.next_branch(leaves=_always_leaves(node.body))
                self._visit_not_plateau(node.orelse, plateau, 1)
                self.branch_path.pop()
                self.loads.leave_branch(bool(node.orelse), leaves=_always_leaves(node.orelse))
            else:
                self.generic_visit(node)
            if tested:
                del self.loads.type_tested[-len(tested):]
            return
        runs = guard_outcome(test, self.imports, (self.target.major, self.target.minor), self._removed,
                             self._helper_parts, self._removed_keyword)
        if runs is None and self._passes_checks(test):
            # `torch.cuda.is_available() and hasattr(torch.cuda.amp, "autocast")`: every version or feature check
            # in it passes on the target, the rest asks about the machine: the body is code the target runs.
            # The other branch stays unjudged (it also runs on machines without the hardware, but may be the
            # old release's fallback).
            self._visit_guarded([node.test])
            self._visit_list(body)
            self._visit_guarded(orelse)
            return
        if runs is True and isinstance(node, ast.If) and isinstance(body[-1], _LEAVE_BLOCK):
            self.leaving.add(id(node))
        self._visit_guarded([node.test])
        for branch, taken in ((body, runs is True), (orelse, runs is False)):
            if taken:
                self._visit_list(branch)
            else:
                self._visit_guarded(branch)

    def _plateau_test(self, test: ast.expr) -> tuple[str, int] | None:
        """``isinstance(s, ReduceLROnPlateau)`` or ``type(s) == ReduceLROnPlateau`` (its branch 1, the else, steps
        something else), ``not isinstance(...)`` or ``type(s) != ReduceLROnPlateau`` (branch 0): the receiver's name
        and the branch where it is not a plateau."""
        branch = 1
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            test, branch = test.operand, 0
        if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(left := test.left, ast.Call) and \
                isinstance(left.func, ast.Name) and left.func.id == "type" and len(left.args) == 1:
            # the GradualWarmupScheduler copies: `if type(self.after_scheduler) != ReduceLROnPlateau: ...`
            if isinstance(test.ops[0], (ast.NotEq, ast.IsNot)):
                branch = 1 - branch
            elif not isinstance(test.ops[0], (ast.Eq, ast.Is)):
                return None
            test = ast.Call(ast.Name("isinstance"), [left.args[0], test.comparators[0]], [])
        if not (isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id == "isinstance"
                and len(test.args) == 2 and (name := dotted_name(test.args[0])) is not None):
            return None
        classes = test.args[1].elts if isinstance(test.args[1], ast.Tuple) else [test.args[1]]
        if any((self._resolve(c) or "").endswith(".ReduceLROnPlateau") for c in classes):
            return name, branch
        return None

    def _foreign_class_test(self, test: ast.expr) -> str | None:
        """``isinstance(s, CosineLRScheduler)`` or ``any(isinstance(s, c) for c in timm_schedulers)`` where no class
        is torch's: the receiver name, which in the test's body holds another library's object (its ``step(epoch)``
        is not torch's). A class list the file binds is read for its items; one imported is another library's."""
        if isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id == "any" and \
                len(test.args) == 1 and isinstance(test.args[0], ast.GeneratorExp) and \
                len(test.args[0].generators) == 1 and isinstance(test.args[0].elt, ast.Call):
            loop = test.args[0].generators[0]
            test, classes = test.args[0].elt, self._listed_classes(loop.iter)
            if classes is None or not (isinstance(loop.target, ast.Name) and len(test.args) == 2
                                       and isinstance(test.args[1], ast.Name) and test.args[1].id == loop.target.id):
                return None
        elif isinstance(test, ast.Call) and len(test.args) == 2:
            classes = test.args[1].elts if isinstance(test.args[1], ast.Tuple) else [test.args[1]]
        else:
            return None
        if not (isinstance(test.func, ast.Name) and test.func.id == "isinstance"
                and (name := dotted_name(test.args[0])) is not None):
            return None
        if not classes or any(not isinstance(c, (ast.Name, ast.Attribute)) or (self._resolve(c) or "").startswith("torch.")
                              or dotted_name(c) in _BUILTIN_TYPES for c in classes):
            return None
        return name

    def _listed_classes(self, source: ast.expr) -> list[ast.expr] | None:
        """The classes ``for c in <source>`` runs over: a tuple or list display, a module-level name the file binds
        once to one, or a name it imports from a module not torch's (the name itself stands for that module's list,
        whose classes it cannot see: they are that library's or the project's)."""
        if isinstance(source, (ast.Tuple, ast.List)):
            return source.elts
        if not isinstance(source, ast.Name) or self.tree is None:
            return None
        bound = [statement.value for statement in getattr(self.tree, "body", ())
                 if isinstance(statement, ast.Assign) and any(isinstance(t, ast.Name) and t.id == source.id
                                                              for t in statement.targets)]
        if len(bound) == 1 and isinstance(bound[0], (ast.Tuple, ast.List)):
            return bound[0].elts
        imported = any(isinstance(statement, ast.ImportFrom) and "torch" not in (statement.module or "")
                       and any((alias.asname or alias.name) == source.id for alias in statement.names)
                       for statement in getattr(self.tree, "body", ()))
        return [ast.Name(source.id)] if imported and not bound else None

    def _visit_not_plateau(self, statements: list, plateau: tuple[str, int] | None, branch: int) -> None:
        """One branch of an ``if``; in the one _plateau_test names, its receiver is known to be no plateau."""
        if plateau is None or plateau[1] != branch:
            self._visit_list(statements)
            return
        self.not_plateau.append(plateau[0])
        self._visit_list(statements)
        self.not_plateau.pop()

    def visit_Match(self, node) -> None:
        """Each case is a branch of its own (see branch_path)."""
        self.visit(node.subject)
        for index, case in enumerate(node.cases):
            self.branch_path.append((id(node), index))
            self.generic_visit(case)
            self.branch_path.pop()

    def visit_Try(self, node: ast.Try) -> None:
        self.in_try += 1  # a load in a try statement may be the fallback of another (see _paths_loaded_as_objects)
        if node.handlers and not self.loads.quiet:
            self.loads.note_try(node)
        try:
            self._visit_try(node)
        finally:
            self.in_try -= 1

    def _visit_try(self, node: ast.Try) -> None:
        if (call := load_expecting_import(node)) is not None and self._resolve(call.func) == "torch.load":
            self.loads.object_calls.add(id(call))  # its file names classes of a module that may be missing
            self.importing_loads.append((call, [inner for handler in node.handlers for inner in walk_nodes(handler)
                                                if isinstance(inner, ast.Call) and inner is not call]))
        if not is_fallback(node) and (fallbacks := self._renamed_fallbacks(node)):
            # `try: with torch.amp.autocast("cuda"): ... except: with torch.cuda.amp.autocast(): ...`: the body
            # spells the current name of what a handler spells the old way; the target runs the body, and the
            # handler is the old release's fallback, whatever it catches
            self._visit_list(node.body)
            for handler in node.handlers:
                if id(handler) in fallbacks:
                    self._visit_fallback(node, handler)
                else:
                    self.visit(handler)
            for statement in (*node.orelse, *node.finalbody):
                self.visit(statement)
            return
        if not is_fallback(node) or catches_key_error(node):
            # keys read in a body whose handler catches KeyError (``try: it = sd["iteration"] except KeyError:``, or a
            # bare ``except:`` around key reads alone), or in that handler, are ones the load takes files without (see
            # LoadedObjects.guarded_keys)
            if not catches_key_error(node):
                self.generic_visit(node)
                return
            self.loads.key_guard += 1  # the handlers too: ``except KeyError: it = sd["total_iters"]`` (older files)
            self._visit_list(node.body)
            self._visit_list(node.handlers)
            self.loads.key_guard -= 1
            for statements in (node.orelse, node.finalbody):
                self._visit_list(statements)
            return
        bindings_only = only_bindings(node) or probes_only(node)
        # An API that raises here is caught by the fallback; one that only warns still runs. A fallback that
        # imports a torch name the target lacks too (`except ImportError: from torch.utils.model_zoo import
        # _download_url_to_file`) catches nothing: the body's error is the one to report.
        caught = not any(catches_fallback(handler, bindings_only) and self._imports_removed(handler.body)
                         for handler in node.handlers) and not leaves_unbound(node, self._removed_imports(node.body),
                                                                              self.tree)
        self.handled += caught
        self._visit_list(node.body)
        self.handled -= caught
        # A body that certainly fails on the target (it imports or reads a torch name the target lacks:
        # `STORAGE_TYPE = torch.storage._TypedStorage`) hands over to its first handler that catches the error:
        # that handler is the code the target runs, not an old release's fallback, and its uses count.
        failing = self._failing_body(node.body) if caught else None
        for handler in node.handlers:
            if catches_fallback(handler, bindings_only):
                if failing is not None and catches(handler, failing):
                    failing = None
                    self.visit(handler)
                else:
                    self._visit_fallback(node, handler)
            else:
                self.visit(handler)
        for statement in (*node.orelse, *node.finalbody):
            self.visit(statement)

    visit_TryStar = visit_Try

    def _visit_fallback(self, node: ast.Try, handler: ast.ExceptHandler) -> None:
        """A handler the target never runs: the old release's way. One that retries the body with uint8 masks is
        dead for the whole-file passes (uint8masks.py) too."""
        self._visit_guarded([handler])
        if retries_body(node.body, handler.body) or self._retried_with_keywords(node, handler):
            self.dead += ((handler.lineno, handler.end_lineno),)

    def _retried_with_keywords(self, node: ast.Try, handler: ast.ExceptHandler) -> bool:
        """The handler is the body without some keyword arguments (guards.retries_without_keywords) that the target
        accepts, or that the keyword data does not know: the body runs there, and the handler is an old release's
        way (``except: topk_beam_index = topk_ids.div(output_size)`` after ``rounding_mode="floor"``)."""
        dropped = retries_without_keywords(node.body, handler.body)
        if dropped is None:
            return False
        index = self.rules.accepted_keywords
        if not index.covers(self.target):
            return True
        for call, names in dropped:
            api = self._resolve(call.func)
            if api is None and isinstance(call.func, ast.Attribute):
                api = f"torch.Tensor.{call.func.attr}"  # a method: the tensor's, where the data lists it
            if api is not None and index.refused(api, names):
                return False  # the target refuses the keyword: the body fails, and the handler runs
        return True

    def _renamed_fallbacks(self, node: ast.Try) -> set[int]:
        """The ids of the handlers of ``node`` that use an old API a name rule rewrites to a current name
        (``torch.cuda.amp.autocast`` -> ``torch.amp.autocast``) which the try body uses itself, or that rebind
        names and then retry the body as it is (``try: labels[~mask] = -100`` / ``except: mask = mask.byte();
        labels[~mask] = -100``: the old release's way, run only where the body fails)."""
        retried = {id(handler) for handler in node.handlers if retries_body(node.body, handler.body)
                   or self._retried_with_keywords(node, handler)}
        renamed = self.rules.renamed_to
        if not renamed or not node.handlers:
            return retried
        wanted: dict[int, set[str]] = {}
        for handler in node.handlers:  # handlers are short: walked first, the body only when one qualifies
            for inner in walk_nodes(handler):
                if isinstance(inner, (ast.Attribute, ast.Name)) and (new := renamed.get(self._resolve(inner) or "")):
                    wanted.setdefault(id(handler), set()).add(new)
        if not wanted:
            return retried
        used = {self._resolve(inner) for statement in node.body for inner in walk_nodes(statement)
                if isinstance(inner, (ast.Attribute, ast.Name))}  # torch.amp.autocast, or a name imported from there
        return retried | {handler for handler, names in wanted.items() if names & used}

    def _failing_body(self, statements: list) -> str | None:
        """``"ImportError"`` or ``"AttributeError"`` when a statement of a try body (not nested) imports, or
        binds a value that reads, a torch name the target lacks; ``"ModuleNotFoundError"`` when it imports a device
        plugin stock torch has not beside it (``try: import torch_xla ... except ImportError: f = torch.jit.script(f)``,
        the old transformers activations: the handler is what runs); else None."""
        for statement in statements:
            if isinstance(statement, (ast.Import, ast.ImportFrom)):
                if self._imports_removed([statement]):
                    return "ImportError"
                if imports_plugin(statement):
                    return "ModuleNotFoundError"
            elif isinstance(statement, (ast.Assign, ast.AnnAssign)) and statement.value is not None:
                if any(isinstance(inner, ast.Attribute) and (qualified := self._resolve(inner)) is not None
                       and is_torch_module(qualified.partition(".")[0]) and self._removed(qualified)
                       for inner in walk_nodes(statement.value)):
                    return "AttributeError"
        return None

    def _removed_imports(self, statements: list) -> set[str]:
        """The names that torch imports among ``statements`` (not nested) would bind, where they fail on the target."""
        return {alias.asname or alias.name.partition(".")[0] for statement in statements
                if isinstance(statement, (ast.Import, ast.ImportFrom)) and self._imports_removed([statement])
                for alias in statement.names}

    def _imports_removed(self, statements: list) -> bool:
        """A torch import among ``statements`` (not nested) that fails on the target."""
        for statement in statements:
            if isinstance(statement, ast.ImportFrom) and not statement.level and is_torch_module(statement.module or ""):
                if any(self._removed(f"{statement.module}.{alias.name}") for alias in statement.names):
                    return True
            elif isinstance(statement, ast.Import):
                if any(is_torch_module(alias.name) and self._removed(alias.name) for alias in statement.names):
                    return True
        return False

    def visit_With(self, node: ast.With) -> None:
        allows = any(isinstance(item.context_expr, ast.Call) and self._resolve(item.context_expr.func) in
                     _SAFE_GLOBALS for item in node.items)
        self.safe_globals += allows
        self.loads.pairs.note_with(self.scope, node)
        handles = {(self.scope, name): path for name, path in opened_files(node)}
        before = {key: self.loads.open_handles.get(key) for key in handles}
        self.loads.open_handles.update(handles)
        for item in node.items:
            if item.optional_vars is not None:
                self._forget_bound(item.optional_vars)
        self.generic_visit(node)
        for key, path in before.items():  # the handle's name means its file only inside the with
            if path is None:
                self.loads.open_handles.pop(key, None)
            else:
                self.loads.open_handles[key] = path
        self.safe_globals -= allows

    visit_AsyncWith = visit_With
