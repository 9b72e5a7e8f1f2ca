"""Reporting for the walker: a matched rule becomes a finding at its node (or waits, for rules the project or the
rest of the file decides), and findings kept back until a use is known (tables dispatched by name, imports never
read) are released or dropped once the file has been walked.
"""

from __future__ import annotations

import ast

from .finding import Finding, finding_at
from .listednames import read_is_harmless, reads_own_attribute
from .unusedimports import binds_same_named_function, names_read
from .imports import is_literal_getattr, walk_nodes
from .patterns import passes_quiet_value
from .rule import Rule, newest_per_pattern
from .tables import dispatched
from .unreadmodules import reads_name, reads_split, unread_elsewhere


def _spelled_with_getattr(node: ast.AST) -> bool:
    """``getattr(torch.cuda, "FloatTensor")(3)``: the rewrites edit dotted names, not getattr's string."""
    return any(is_literal_getattr(inner) for inner in walk_nodes(node.func if isinstance(node, ast.Call) else node))


def _warns_when_called(rule: Rule) -> bool:
    """A renamed function (a rule with rewrite=) warns in its body, when called, not when named."""
    return rule.kind == "name" and rule.rewrite is not None and rule.severity != "error"


class Reporting:
    # --- output -------------------------------------------------------------------
    def _report(self, node: ast.AST, api: str, rules: list[Rule], fixable: bool = True) -> None:
        """Per pattern, only the newest rule that applies to the target: one finding, not one per release."""
        if self.guarded or (self.dead and any(first <= node.lineno <= last for first, last in self.dead)):
            return  # (in `if False:`: code that cannot run is no use)
        newest = newest_per_pattern(
            rule for rule in rules
            if rule.applies_to(self.target) and not (self.annotation and rule.kind == "name")
            and not (self.type_check and rule.kind == "name" and rule.severity != "error")
            and not (self.handled and rule.severity == "error")
            and not (rule.quiet_with and rule.kind == "name" and self._called_quietly(node, rule))
            and not (rule.kind == "name" and rule.severity != "error" and id(node) in self.replaced)
            and not (rule.quiet_members and self.member_owners.get(id(node)) in rule.quiet_members))
        table = self.table_elements.get(id(node))
        for rule in newest:
            finding = self._finding(node, api, rule, rule.message, rule.fix)
            key = (finding.line, finding.column, api, rule.pattern)
            bound = self.bound_names.get(id(node))
            if (owner := self.attribute_refs.get(id(node))) is not None and read_is_harmless(
                    rule, self._gone(api) is not None) and not self.rules.surface.is_module(api):
                self.attribute_findings.setdefault(owner, []).append((key, finding, node, rule, fixable))
                continue  # self.upsample = F.upsample_nearest: a finding once the class reads self.upsample
            if bound is not None and _warns_when_called(rule) and read_is_harmless(rule, self._gone(api) is not None):
                self.listed_findings.setdefault(bound, []).append((key, finding, node, rule, fixable))
                continue  # init = nn.init.uniform: a finding once the file calls init (listednames.py)
            if (rule.warns_in_forward or rule.kind == "probe") and (built := self.built_modules.get(id(node))) is not None:
                self.unread_findings.setdefault(built, []).append((key, finding, node, rule, fixable))
                continue  # self.Softmax = nn.Softmax(), x = hasattr(sched, ...): a finding once the file reads the name
            if table is not None and _warns_when_called(rule):  # decided once the file is read
                self.table_findings.setdefault(table, []).append((key, finding, node, rule, fixable))
                continue
            if id(node) in self.unused_defaults and read_is_harmless(rule, self._gone(api) is not None):
                continue  # getattr(torch.jit, "script_if_tracing", torch.jit.script): read, never used
            if table is not None and rule.kind == "name" and read_is_harmless(rule, self._gone(api) is not None):
                self.listed_findings.setdefault(table, []).append((key, finding, node, rule, fixable))
                continue  # only named in a table: a finding once the file calls through it (listednames.py)
            if rule.kind == "name" and self._only_compared(node) and read_is_harmless(rule, self._gone(api) is not None):
                continue  # type(m) in [nn.Dropout, nn.Dropout2d]: the class is compared, nothing is built
            if (self.importing is not None and api == self.importing[1] and isinstance(node, (ast.ImportFrom, ast.Import))
                    and read_is_harmless(rule, self._gone(api) is not None)
                    and (not self.rules.surface.is_module(api) or binds_same_named_function(api, rule))):
                self.import_findings.setdefault(self.importing[0], []).append((key, finding, node, rule, fixable))
                continue  # `from torch.cuda.amp import custom_fwd`: a finding once the file reads the name
            self.findings[key] = finding
            if rule.unless_file_uses or rule.unless_file_imports:
                self.conditional[key] = rule
            if rule.rewrite and fixable and not _spelled_with_getattr(node):  # a flag named in config.patch(...) is a keyword or a string, not the name
                self.fixable[(node.lineno, node.col_offset, rule.id)] = node

    def _keep_dispatched_tables(self, tree: ast.AST, held: dict | None = None, unread_counts: bool = True) -> None:
        """A function held in a table warns only when called: keep the findings of tables the file calls
        through, or hands where it cannot see (tables.py)."""
        held = self.table_findings if held is None else held
        for table in dispatched(tree, set(held), unread_counts):
            self._release(held[table])

    def _release(self, held: list) -> None:
        """Findings kept back until a use was known, now known: reported."""
        for key, finding, node, rule, fixable in held:
            self.findings[key] = finding
            if rule.unless_file_uses:
                self.conditional[key] = rule
            if rule.rewrite and fixable:
                self.fixable[(node.lineno, node.col_offset, rule.id)] = node

    def _only_compared(self, node: ast.AST) -> bool:
        """``node`` is only an operand of a comparison (noted by visit_Compare / visit_Call before their operands)."""
        return id(node) in self.compared

    def _keep_read_modules(self, tree: ast.AST) -> None:
        """Keep the findings of modules built into a name the file reads (unreadmodules.py)."""
        found = reads_split(tree, self._resolve)
        read, elsewhere = found if found is not None else (None, None)
        for name, held in self.unread_findings.items():
            # a local (sm = nn.Softmax() in a function) is read in its own function, or never
            held = [entry for entry in held if (function := self.built_functions.get(id(entry[2]))) is None
                    or reads_name(function, name)]
            if read is None or name in elsewhere or (
                    name in self.module_built and not unread_elsewhere(self.filename, name)):
                self._release(held)
            elif name in read:  # read as self.<name> somewhere: by the class that built it?
                self._release([entry for entry in held if (owner := self.built_owners.get(id(entry[2]))) is None
                               or reads_own_attribute(tree, owner, name)])

    def _keep_read_imports(self, tree: ast.AST) -> None:
        """Keep the findings of from-imported torch names the module reads or lists in ``__all__`` (unusedimports.py)."""
        read = names_read(tree)
        for name, held in self.import_findings.items():
            for key, finding, node, rule, fixable in held:
                if name not in read:
                    self.unread_imports.setdefault(name, []).append((key, finding))
                else:
                    self.findings[key] = finding
                if rule.unless_file_uses or rule.unless_file_imports:
                    self.conditional[key] = rule
                if rule.rewrite and fixable:
                    self.fixable[(node.lineno, node.col_offset, rule.id)] = node

    def _called_quietly(self, node: ast.AST, rule: Rule) -> bool:
        """``TypedStorage(..., _internal=True)``: the name is called with an argument that keeps torch quiet."""
        call = self.calls.get(id(node))
        return call is not None and call.func is node and passes_quiet_value(call, rule.quiet_with)

    def _finding(self, node: ast.AST, api: str, rule: Rule, message: str, fix: str) -> Finding:
        return finding_at(self.filename, node, api, rule, message, fix)
